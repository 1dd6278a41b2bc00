-- Moves a reserved job to the delayed set, as Laravel's release does, but only while the
-- reservation still exists: once it expired the job is already back on the queue, and
-- adding it again would run it twice.
-- KEYS[1] queue:delayed (zset)
-- KEYS[2] queue:reserved (zset)
-- ARGV[1] the reserved job, byte for byte
-- ARGV[2] available at, unix seconds
-- ARGV[3] optional: the job as pushed, when a worker reserved it uncharged and its start mark
--         (which swaps it for ARGV[1]) may have been lost with a connection
-- Returns 1 when released, 0 when the reservation was gone.
-- A key of the wrong type would fail the script halfway, after a write: check first
-- (wrong_type, from src/lua/prelude.lua).

local bad = wrong_type(KEYS[1], 'zset') or wrong_type(KEYS[2], 'zset')
if bad then
    return bad
end
if redis.call('zrem', KEYS[2], ARGV[1]) == 0 and (not ARGV[3] or redis.call('zrem', KEYS[2], ARGV[3]) == 0) then
    return 0
end
redis.call('zadd', KEYS[1], ARGV[2], ARGV[1])
return 1
