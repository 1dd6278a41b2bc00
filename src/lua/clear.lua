-- Deletes every job of a queue and its notifications; returns how many jobs there were.
-- KEYS[1] the queue (list)
-- KEYS[2] queue:delayed (zset)
-- KEYS[3] queue:reserved (zset)
-- KEYS[4] queue:notify (list)
local size = redis.call('llen', KEYS[1]) + redis.call('zcard', KEYS[2]) + redis.call('zcard', KEYS[3])
redis.call('del', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
return size
