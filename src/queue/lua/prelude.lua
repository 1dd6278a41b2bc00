-- The prelude: helpers the scripts in src/lua/ share. scripts/gen-lua puts this text in every
-- script, in front or on its "-- (prelude)" line (so each is whole as Redis runs it); it is not
-- a script of its own.

-- A key of the wrong type would fail a script halfway, after a write, so a script checks its
-- keys before its first write. An error reply naming the key when it holds another type.
local function wrong_type(key, kind)
    local t = redis.call('type', key)['ok']
    if t ~= 'none' and t ~= kind then
        return redis.error_reply('WRONGTYPE key ' .. key .. ' holds a ' .. t .. ', not a ' .. kind)
    end
end
