-- Marks a reserved job as started, charging its attempt: a worker reserves jobs uncharged
-- (the member in :reserved is the job as pushed) and swaps in the reserved copy only now, so
-- a job that never started comes back with no attempt used. The copy keeps the score, and so
-- its place when it expires. Sent without waiting for the reply; it also carries the
-- acknowledgements of finished jobs of the same queue.
-- KEYS[1] queue:reserved (zset)
-- ARGV[1] the job as pushed (its member while not started)
-- ARGV[2] the reserved copy (attempts counted)
-- ARGV[3..] finished jobs' members to remove (acknowledgements)
-- Returns 1 when the job was charged, 0 when its reservation was gone.
local t = redis.call('type', KEYS[1])['ok']
if t ~= 'none' and t ~= 'zset' then
    return redis.error_reply('WRONGTYPE key ' .. KEYS[1] .. ' holds a ' .. t .. ', not a zset')
end
if #ARGV > 2 then
    redis.call('zrem', KEYS[1], unpack(ARGV, 3))
end
local score = redis.call('zscore', KEYS[1], ARGV[1])
if not score then
    return 0
end
-- The copy first: should the write be refused (maxmemory), the job keeps its reservation.
redis.call('zadd', KEYS[1], score, ARGV[2])
if ARGV[2] ~= ARGV[1] then
    redis.call('zrem', KEYS[1], ARGV[1])
end
return 1
