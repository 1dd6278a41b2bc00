-- Hands reserved but unstarted jobs back: each leaves :reserved and goes to the head of its
-- queue exactly as it was pushed (attempts untouched), in its original order.
-- KEYS[4i-3], KEYS[4i-2], KEYS[4i-1], KEYS[4i]: queue i, :delayed, :reserved, :notify
-- ARGV[1..] for each job, in the order they were reserved: queue number, job, reserved copy
-- Returns how many jobs went back (a reservation that expired meanwhile is already back).
local back = 0
for i = #ARGV - 2, 1, -3 do
    local q = tonumber(ARGV[i])
    if redis.call('zrem', KEYS[4 * q - 1], ARGV[i + 2]) == 1 then
        redis.call('lpush', KEYS[4 * q - 3], ARGV[i + 1])
        redis.call('rpush', KEYS[4 * q], 1)
        back = back + 1
    end
end
return back
