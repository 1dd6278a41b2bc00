-- Records a failed job and removes its reservation in one step, so the job is always in
-- exactly one place: reserved, or in the failed store.
-- KEYS[1] queue:reserved (zset)
-- KEYS[2] the failed index (zset: failed id, scored by failed_at)
-- KEYS[3] the failed record (hash)
-- ARGV[1] the reserved copy
-- ARGV[2] the failed id
-- ARGV[3] failed_at, unix seconds
-- ARGV[4..] the record's fields and values
for _, check in ipairs({{KEYS[1], 'zset'}, {KEYS[2], 'zset'}, {KEYS[3], 'hash'}}) do
    local t = redis.call('type', check[1])['ok']
    if t ~= 'none' and t ~= check[2] then
        return redis.error_reply('WRONGTYPE key ' .. check[1] .. ' holds a ' .. t .. ', not a ' .. check[2])
    end
end
redis.call('zrem', KEYS[1], ARGV[1])
redis.call('del', KEYS[3])
redis.call('hset', KEYS[3], unpack(ARGV, 4))
redis.call('zadd', KEYS[2], ARGV[3], ARGV[2])
return 1
