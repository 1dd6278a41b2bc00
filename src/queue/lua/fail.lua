-- Records a failed job and removes its reservation in one step, so the job is always in
-- exactly one place: reserved, or in the failed store. In a Redis Cluster the reservation
-- lives in another hash slot than the store: the caller then leaves KEYS[3] out and ends the
-- reservation after this call (a crash in between leaves the job both recorded and reserved,
-- so it may run once more; it is never lost).
-- KEYS[1] the failed index (zset: failed id, scored by failed_at)
-- KEYS[2] the failed record (hash)
-- KEYS[3] queue:reserved (zset), when in the same slot
-- ARGV[1] the reserved copy
-- ARGV[2] the job as pushed, when a worker reserved it uncharged (its start mark, which swaps
--         it for the copy, may have been lost with a connection); else the copy again
-- ARGV[3] the failed id
-- ARGV[4] failed_at, unix seconds
-- ARGV[5..] the record's fields and values
local checks = {{KEYS[1], 'zset'}, {KEYS[2], 'hash'}}
if KEYS[3] then
    checks[3] = {KEYS[3], 'zset'}
end
for _, check in ipairs(checks) do
    local t = redis.call('type', check[1])['ok']
    if t ~= 'none' and t ~= check[2] then
        return redis.error_reply('WRONGTYPE key ' .. check[1] .. ' holds a ' .. t .. ', not a ' .. check[2])
    end
end
if KEYS[3] then
    redis.call('zrem', KEYS[3], ARGV[1], ARGV[2])
end
redis.call('del', KEYS[2])
redis.call('hset', KEYS[2], unpack(ARGV, 5))
redis.call('zadd', KEYS[1], ARGV[4], ARGV[3])
return 1
