-- Deletes every job of a queue and its notifications; returns how many jobs there were.
-- KEYS[1] the queue (list)
-- KEYS[2] queue:delayed (zset)
-- KEYS[3] queue:reserved (zset)
-- KEYS[4] queue:notify (list)
-- A key of the wrong type: refuse with its name (Redis's own WRONGTYPE names none) and
-- delete nothing, so that the operator sees what to repair.
local kinds = {'list', 'zset', 'zset', 'list'}
for i = 1, 4 do
    local t = redis.call('type', KEYS[i])['ok']
    if t ~= 'none' and t ~= kinds[i] then
        return redis.error_reply('WRONGTYPE key ' .. KEYS[i] .. ' holds a ' .. t .. ', not a ' .. kinds[i])
    end
end
local size = redis.call('llen', KEYS[1]) + redis.call('zcard', KEYS[2]) + redis.call('zcard', KEYS[3])
redis.call('del', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
return size
