-- Moves due jobs onto the queue, then reserves up to ARGV[5] jobs: one round trip per pop.
-- Unlike Laravel's pop, a reserved copy is the pushed payload with only the digits of its
-- top-level "attempts" changed (never re-encoded), and a payload whose attempts cannot be
-- found is still reserved, unchanged, so the worker can fail it with a reason.
-- KEYS[1] the queue (list)
-- KEYS[2] queue:delayed (zset, score = available at)
-- KEYS[3] queue:reserved (zset, score = reserved until)
-- KEYS[4] queue:notify (list of 1s, one per job pushed or migrated)
-- ARGV[1] now, unix seconds
-- ARGV[2] reserve until, unix seconds (now + retry_after)
-- ARGV[3] 1 to migrate expired reservations back to the queue, 0 not to (retry_after null)
-- ARGV[4] migration batch size, -1 for all due jobs
-- ARGV[5] how many jobs to reserve at most
-- Returns a flat list: job, reserved, attempts (-1 when unknown) for each reserved job.

-- A key of the wrong type would fail the script halfway, after a write: check first.
local function wrong_type(key, kind)
    local t = redis.call('type', key)['ok']
    if t ~= 'none' and t ~= kind then
        return redis.error_reply('WRONGTYPE key ' .. key .. ' holds a ' .. t .. ', not a ' .. kind)
    end
end

local function migrate(from, now, limit)
    local due
    if limit > 0 then
        due = redis.call('zrangebyscore', from, '-inf', now, 'limit', 0, limit)
    else
        due = redis.call('zrangebyscore', from, '-inf', now)
    end
    if #due == 0 then
        return
    end
    redis.call('zremrangebyrank', from, 0, #due - 1)
    for i = 1, #due, 100 do
        local last = math.min(i + 99, #due)
        redis.call('rpush', KEYS[1], unpack(due, i, last))
        local ones = {}
        for j = i, last do
            ones[#ones + 1] = 1
        end
        redis.call('rpush', KEYS[4], unpack(ones))
    end
end

-- Where the top-level "attempts" number is: its first and last index, or 'absent', or
-- 'unknown' (not an integer, or the text is not a well-formed object).
local function find_attempts(s)
    local depth, pos = 0, 1
    while true do
        local i, _, c = string.find(s, '([{}%[%]"])', pos)
        if not i then
            if depth == 0 and string.find(s, '^%s*{') then
                return 'absent'
            end
            return 'unknown'
        end
        if c == '"' then
            local j = i + 1
            while true do
                local q = string.find(s, '["\\]', j)
                if not q then
                    return 'unknown'
                end
                if string.byte(s, q) == 92 then
                    j = q + 2
                else
                    j = q
                    break
                end
            end
            if depth == 1 and j - i == 9 and string.sub(s, i, j) == '"attempts"' then
                local a, b, digits = string.find(s, '^%s*:%s*(%d+)', j + 1)
                if a and #digits <= 15 then
                    return b - #digits + 1, b
                end
                if string.find(s, '^%s*:', j + 1) then
                    return 'unknown'
                end
            end
            pos = j + 1
        elseif c == '}' or c == ']' then
            depth = depth - 1
            pos = i + 1
        else
            depth = depth + 1
            pos = i + 1
        end
    end
end

-- The reserved copy of a job and its new attempts count.
local function reserve_copy(job)
    -- Fast path: Laravel and FastQueue write "attempts" last.
    local tail = string.sub(job, -64)
    local head, digits, close = string.match(tail, '^(.*,%s*"attempts"%s*:%s*)(%d+)(%s*}%s*)$')
    if head and #digits <= 15 then
        local n = tonumber(digits) + 1
        return string.sub(job, 1, #job - #tail) .. head .. string.format('%d', n) .. close, n
    end
    local first, last = find_attempts(job)
    if first == 'absent' then
        local body = string.match(job, '^(.*)}%s*$')
        if not body then
            return job, -1
        end
        if string.find(body, '^%s*{%s*$') then
            return body .. '"attempts":1}', 1
        end
        return body .. ',"attempts":1}', 1
    elseif first == 'unknown' then
        return job, -1
    end
    local n = tonumber(string.sub(job, first, last)) + 1
    return string.sub(job, 1, first - 1) .. string.format('%d', n) .. string.sub(job, last + 1), n
end

local bad = wrong_type(KEYS[1], 'list') or wrong_type(KEYS[2], 'zset')
    or wrong_type(KEYS[3], 'zset') or wrong_type(KEYS[4], 'list')
if bad then
    return bad
end

local now = ARGV[1]
migrate(KEYS[2], now, tonumber(ARGV[4]))
if ARGV[3] == '1' then
    migrate(KEYS[3], now, tonumber(ARGV[4]))
end

local out = {}
for _ = 1, tonumber(ARGV[5]) do
    local job = redis.call('lpop', KEYS[1])
    if not job then
        break
    end
    local reserved, attempts = reserve_copy(job)
    redis.call('zadd', KEYS[3], ARGV[2], reserved)
    redis.call('lpop', KEYS[4])
    out[#out + 1] = job
    out[#out + 1] = reserved
    out[#out + 1] = attempts
end
return out
