-- Appends payloads to the queue and one notification per payload, atomically.
-- KEYS[1] the queue (list)
-- KEYS[2] queue:notify (list)
-- ARGV[1..n] the payloads, in order
-- Returns the number of payloads pushed.
-- A key of the wrong type would fail the script halfway, after a write: check first
-- (wrong_type, from src/lua/prelude.lua).

local bad = wrong_type(KEYS[1], 'list') or wrong_type(KEYS[2], 'list')
if bad then
    return bad
end
for i = 1, #ARGV, 100 do
    local last = math.min(i + 99, #ARGV)
    redis.call('rpush', KEYS[1], unpack(ARGV, i, last))
    local ones = {}
    for j = i, last do
        ones[#ones + 1] = 1
    end
    redis.call('rpush', KEYS[2], unpack(ones))
end
return #ARGV
