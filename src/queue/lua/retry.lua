-- Puts a failed job back at the end of its queue and forgets the failure, in one step.
-- KEYS[1] the failed index (zset)
-- KEYS[2] the failed record (hash)
-- KEYS[3] the queue (list)
-- KEYS[4] queue:notify (list)
-- ARGV[1] the failed id
-- ARGV[2] the payload to push (attempts reset)
-- Returns 1 when pushed, 0 when the record was gone.
if redis.call('exists', KEYS[2]) == 0 then
    return 0
end
redis.call('rpush', KEYS[3], ARGV[2])
redis.call('rpush', KEYS[4], 1)
redis.call('del', KEYS[2])
redis.call('zrem', KEYS[1], ARGV[1])
return 1
