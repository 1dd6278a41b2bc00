-- Reserves jobs for one worker round in one round trip: visits the queues in priority
-- order, moving each one's due delayed jobs onto its tail and its expired reservations back
-- onto its head, and reserves up to ARGV[3] jobs from the first queue that has any.
-- Unlike Laravel's pop, a reserved copy is the pushed payload with only the digits of its
-- top-level "attempts" changed (never re-encoded; a numeric string "2" becomes 3, as in
-- Laravel), and a payload whose attempts cannot be found is still reserved, unchanged, so
-- the worker can fail it with a reason.
-- A worker reserves uncharged (ARGV[4] a number): the member in :reserved is the job as pushed,
-- and the worker swaps in the reserved copy when the job starts. So a job that never started
-- comes back with no attempt used, whoever migrates it (this script or Laravel's, which moves
-- members back verbatim). Members are scored until.000000, until.000001, ... numbered on
-- across calls (ARGV[4]), so that expired reservations come back in the order they were reserved.
-- KEYS[4i-3] queue i (list)
-- KEYS[4i-2] queue i :delayed (zset, score = available at)
-- KEYS[4i-1] queue i :reserved (zset, score = reserved until)
-- KEYS[4i]   queue i :notify (list of 1s, one per job pushed or migrated)
-- KEYS[#KEYS] the restart key, when there is one: then the keys are one more than 4 per queue
-- In a cluster, one call may serve queues of several hash slots on one node (pop_node, this
-- script with Redis 7's allow-cross-slot-keys flag): KEYS then holds the keys of the first
-- slot's queues, which route the call, and ARGV[9] on the rest, in the same order (the restart
-- key last).
-- Every argument costs the call (about a thousand instructions each), so the caller leaves out
-- the trailing ones that have their default, and a reserve of one job as at prefetch 1 sends
-- two: pop_node's calls send all eight, as the keys follow them.
-- ARGV[1] now, unix seconds
-- ARGV[2] reserve until, unix seconds (now + retry_after)
-- ARGV[3] how many jobs to reserve at most (default 1)
-- ARGV[4] '' to reserve charged (the reserved copy in :reserved, as Laravel's pop; the default);
--         else uncharged, and the number of the first job's score, until.NNNNNN (the worker
--         numbers on from one call to the next within a second, so two batches out at once
--         keep their order when they expire)
-- ARGV[5] migration batch size, -1 for all due jobs (the default)
-- ARGV[6] 1 to report the migrations (for listeners of the worker's queue:migrated event);
--         default 0
-- ARGV[7] per queue of the call, one character each: '1' to migrate its expired reservations
--         back to it, '0' not to (retry_after null, or this worker looked this second already:
--         reservations end on whole seconds, so none can have ended since, see src/reserve.c);
--         default: none
-- ARGV[8] the limits of the call's queues (docs/limits.md), default none: for each limited queue
--         four integers, each followed by a space: its number in the call, its rate (0: none), the
--         rate's window in microseconds, and its concurrency (0: none)
-- ARGV[9] on: pop_node, the keys of the further hash slots' queues (above), as KEYS would hold them
-- Returns: the restart key's value (or false); when jobs were reserved, the number of their
-- queue (one queue per call), then for each job: charged, the job, its reserved copy and
-- attempts (-1 when unknown); uncharged, the job alone: the worker finds the count with its
-- payload scanner and builds the copy when the job starts (the same digits rewritten), so
-- each job crosses the wire once, with nothing beside it. With ARGV[6] 1, one more element last: for
-- each migration step taken, as Laravel's pop takes them (per queue visited: delayed, then
-- reserved when ARGV[7] has a '1' for it), its queue number, 'delayed' or 'reserved', and the members
-- moved, in the order Laravel's migration returns them (by score), possibly none.
-- Crash records: when a job reserved for its attempt N > 1 has a record of attempt N - 1 (the
-- key QUEUE:crash:UUID:N-1, UUID the payload's), one more element follows the
-- jobs (before the report): an array of pairs, the job's place in the batch (1-based) and the
-- record's text. Expired reservations moved back get a record of their own when none was
-- written for that attempt (SET NX): the worker that held them disappeared, or was slower than
-- retry_after.
-- With limits (ARGV[8]), one more element last: for each queue passed over because a limit
-- held back a waiting job, its number, 'rate' or 'concurrency', and the microseconds on Redis's
-- clock until that limit may let a job start (-1: when a slot is freed, which the worker that
-- frees it announces on QUEUE:limiter:notify), possibly none.

-- A key of the wrong type would fail the script halfway, after a write, so every key of a
-- queue is known to be of its type before the first write to that queue. The reads the call
-- makes anyway check their keys (called with pcall); only what no read covers takes a TYPE
-- (wrong_type, from src/lua/prelude.lua). :reserved, when not read, is checked by its ZADD:
-- should it fail, the jobs just taken go back as they were (a migration before it is a step
-- Laravel's pop takes too, and stays).

-- The helpers of the rare paths (errors, undos, migrations, and payloads not written as Laravel
-- writes them), made by rare() when one of those runs: a function defined at the top of the
-- script is made anew on every call, with its upvalues, which costs Redis more than a command.
-- For that reason the prelude goes here, not in front of the script (scripts/gen-lua puts it on
-- the marker line), and rare() is the only function a reserve of one job makes.
local function rare()
    -- (prelude)
    local r = {wrong_type = wrong_type}

    -- A read's error as the script reports it: naming the key when its type is wrong.
    function r.read_failed(key, kind, reply)
        return wrong_type(key, kind) or redis.error_reply(reply.err)
    end

    function r.push_notifications(key, count)
        local ones = {}
        for j = 1, count do
            ones[j] = 1
        end
        redis.call('rpush', key, unpack(ones))
    end

    -- Puts members at the head of a list in their order (LPUSH puts its last argument first).
    function r.push_to_head(to, members)
        for i = 1, #members, 100 do
            local last = math.min(i + 99, #members)
            local chunk = {}
            for j = #members - i + 1, math.max(#members - last + 1, 1), -1 do
                chunk[#chunk + 1] = members[j]
            end
            redis.call('lpush', to, unpack(chunk))
        end
    end

    -- Moves a sorted set's due members (read by due_members) onto the queue. Due delayed jobs go
    -- to its tail, as if pushed now (Laravel's migration). Expired reservations go back to its
    -- head, first reserved first: they were taken from the head, and a job that never started
    -- keeps its place before jobs pushed after it.
    function r.migrate(due, from, to, notify_key, to_head)
        if #due == 0 then
            return
        end
        redis.call('zremrangebyrank', from, 0, #due - 1)
        if to_head then
            r.push_to_head(to, due)
        else
            for i = 1, #due, 100 do
                redis.call('rpush', to, unpack(due, i, math.min(i + 99, #due)))
            end
        end
        for i = 1, #due, 100 do
            r.push_notifications(notify_key, math.min(i + 99, #due) - i + 1)
        end
    end

    -- {{{ crash records
    -- A record lives past the attempt's retry_after, its longest backoff and its retryUntil,
    -- and a day more for the queue's backlog (the worker's C writes them for as long).
    function r.record_ttl(p, now, retry_after)
        -- Each part at most ten years, as a release's delay, so that a huge backoff or
        -- retryUntil still makes an integer EX (1e+20 is no integer to Redis).
        local function part(seconds)
            return math.min(math.max(seconds, 0), 315360000)
        end
        local ttl = 86400 + part(retry_after)
        local backoff = p.backoff
        if backoff == nil or backoff == cjson.null then
            backoff = p.delay
        end
        local longest = 0
        if type(backoff) == 'number' then
            longest = backoff
        elseif type(backoff) == 'string' then
            for d in string.gmatch(backoff, '%d+') do
                longest = math.max(longest, tonumber(d))
            end
        end
        longest = part(longest)
        if type(p.retryUntil) == 'number' then
            longest = longest + part(p.retryUntil - tonumber(now))
        end
        return math.floor(ttl + longest)
    end

    -- The crash key of the job's attempt and its decoded payload, or nil (no uuid).
    function r.crash_key(queue, job, attempt)
        local ok, p = pcall(cjson.decode, job)
        if not ok or type(p) ~= 'table' then
            return nil
        end
        if type(p.uuid) ~= 'string' then
            return nil
        end
        return queue .. ':crash:' .. p.uuid .. ':' .. string.format('%d', attempt), p
    end

    -- The record of the attempt before attempt (false: none).
    function r.previous_crash(queue, job, attempt)
        if attempt < 2 then
            return false
        end
        local key = r.crash_key(queue, job, attempt - 1)
        return key and redis.call('get', key) or false
    end

    -- A reserve of one: the record of the job's last attempt onto the reply, when there is one.
    -- attempts is the reserved copy's count (nil uncharged: the job as pushed gives it).
    function r.add_previous_crash(out, queue, job, attempts)
        if not attempts then
            local _
            _, attempts = r.reserve_copy(job)
        end
        local crash = r.previous_crash(queue, job, attempts)
        if crash then
            out[#out + 1] = {1, crash}
        end
    end

    -- Expired reservations: each attempt whose worker wrote no cause gets this one (NX: a cause
    -- written when the worker died wins).
    function r.record_expired(queue, members, now, until_)
        local retry_after = tonumber(until_) - tonumber(now)
        for _, m in ipairs(members) do
            local _, attempts = r.reserve_copy(m)
            local key, p
            if attempts > 1 then -- a job as pushed (attempts 0) never started: no record
                key, p = r.crash_key(queue, m, attempts - 1)
            end
            if key then
                local name = p.displayName
                if type(name) ~= 'string' then
                    name = type(p.job) == 'string' and p.job or queue
                end
                redis.call('set', key, 'attempt ' .. string.format('%d', attempts - 1) .. ' of ' .. name
                    .. ' ended its worker: its reservation expired unfinished; the worker disappeared while '
                    .. 'running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after ('
                    .. string.format('%d', retry_after) .. ' s) without renewing it',
                    'NX', 'EX', r.record_ttl(p, now, retry_after))
            end
        end
    end
    -- }}}

    -- The reserved copy of a job and its new attempts count, by reading the whole payload as the
    -- worker's scanner does.
    function r.copy_by_scan(job)
        -- Whether the key text between s[i] and s[j] (its quotes) is "attempts", escapes decoded
        -- ("\u0061ttempts" is attempts to a JSON decoder, and so to the worker's scanner).
        local function is_attempts_key(s, i, j)
            if j - i == 9 then
                return string.sub(s, i, j) == '"attempts"'
            end
            if j - i > 60 or not string.find(s, '\\', i, true) or string.find(s, '\\', i, true) > j then
                return false
            end
            local out, p = {}, i + 1
            while p < j do
                local c = string.sub(s, p, p)
                if c == '\\' then
                    local e = string.sub(s, p + 1, p + 1)
                    if e == 'u' then
                        local code = tonumber(string.sub(s, p + 2, p + 5), 16)
                        if not code or code > 127 then
                            return false
                        end
                        c, p = string.char(code), p + 6
                    elseif e == '"' or e == '\\' or e == '/' then
                        c, p = e, p + 2
                    else
                        return false -- \b \f \n \r \t: no letter of "attempts"
                    end
                else
                    p = p + 1
                end
                out[#out + 1] = c
            end
            return table.concat(out) == 'attempts'
        end

        -- Where the top-level "attempts" number is: its first and last index (the quotes included
        -- for a numeric string) and its digits, or 'absent', or 'unknown' (not an integer, or the
        -- text is not a well-formed object). Of a key given twice the last counts, as decoders keep.
        local function find_attempts(s)
            local depth, pos = 0, 1
            local found -- {first, last, digits} or 'unknown', for the last "attempts" seen
            while true do
                local i, _, c = string.find(s, '([{}%[%]"])', pos)
                if not i then
                    if depth ~= 0 or not string.find(s, '^%s*{') then
                        return 'unknown'
                    elseif found == 'unknown' then
                        return 'unknown'
                    elseif found then
                        return found[1], found[2], found[3]
                    end
                    return 'absent'
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
                    if depth == 1 and is_attempts_key(s, i, j) then
                        -- Digits that end the number: not the start of 1.5 or 1e3.
                        local a, b, digits = string.find(s, '^%s*:%s*(%d+)', j + 1)
                        if a and #digits <= 15 and not string.find(s, '^[.eE]', b + 1) then
                            found = {b - #digits + 1, b, digits}
                        else
                            -- A numeric string ("2"), as some producers write it: Laravel's pop adds 1
                            -- to it all the same and writes a number back; so do we, quotes included.
                            a, b, digits = string.find(s, '^%s*:%s*"(%d+)"', j + 1)
                            if a and #digits <= 15 then
                                found = {b - #digits - 1, b, digits}
                            elseif string.find(s, '^%s*:', j + 1) then
                                found = 'unknown'
                            end
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

        local first, last, digits = find_attempts(job)
        if first == 'absent' then
            -- Before the closing brace; what follows it (whitespace) stays.
            local body, close = string.match(job, '^(.*)(}%s*)$')
            if not body then
                return job, -1
            end
            if string.find(body, '^%s*{%s*$') then
                return body .. '"attempts":1' .. close, 1
            end
            return body .. ',"attempts":1' .. close, 1
        elseif first == 'unknown' then
            return job, -1
        end
        local n = tonumber(digits) + 1
        return string.sub(job, 1, first - 1) .. string.format('%d', n) .. string.sub(job, last + 1), n
    end

    -- The reserved copy of a job and its new attempts count (-1 and the job unchanged when its
    -- attempts cannot be found). Laravel and FastQueue write "attempts" last, as a number, with
    -- no whitespace: a payload that ends in ,"attempts":DIGITS} has its top-level count there
    -- when it is well-formed JSON (the quote after the comma opens a key, as a string's own quote
    -- would be escaped; the number's object ends the text, so it is the top level's; and a key
    -- given twice counts last). Anything else is read whole. A malformed payload may be bumped
    -- either way: the worker's scanner fails it with a reason, so that changes nothing.
    -- The suffix is looked for in the last 28 bytes only, which caps the digits at 15 as the scan
    -- does (a plain find, then a match anchored there: a pattern tried at each of the 28 places
    -- costs more). Each string made costs Redis, as its Lua hashes every byte: the copy is the
    -- only long one besides its prefix.
    function r.reserve_copy(job)
        local at = string.find(job, ',"attempts":', -28, true)
        local digits = at and string.match(job, '^(%d+)}$', at + 12)
        if not digits then
            return r.copy_by_scan(job)
        end
        -- The count plus one, as string.format('%d', n) writes it. Most counts are one digit, and
        -- most end in 0 to 8 with no leading zero: one byte changes, with no sprintf (C's, the
        -- dearest call of a reserve of one job) and no strtod.
        local last = string.byte(digits, -1)
        if #digits == 1 and last < 57 then
            return string.sub(job, 1, at + 11) .. string.char(last + 1) .. '}', last - 47
        end
        local n = tonumber(digits) + 1
        if last < 57 and string.byte(digits, 1) ~= 48 then
            return string.sub(job, 1, at + 11) .. string.sub(digits, 1, -2) .. string.char(last + 1) .. '}', n
        end
        return string.sub(job, 1, at + 11) .. string.format('%d', n) .. '}', n
    end

    return r
end

-- The arguments, each read here once, one to a line: scripts/gen-lua makes the C's index
-- constants (FASTQUEUE_POP_ARGV_NAME, in src/lua_scripts_list.h) from these lines, and fails
-- when ARGV is indexed by a number anywhere else or the header above disagrees. Each argument
-- costs Redis about a thousand instructions, and tonumber a strtod: what is only compared is
-- compared as text.
local now = ARGV[1]
local until_ = ARGV[2]
local want = ARGV[3] or '1'
local first_slot = ARGV[4] or ''
local batch = ARGV[5] or '-1'
local report = ARGV[6] == '1' and {} or nil
local migrate_expired = ARGV[7] or ''
local limits = ARGV[8] or ''
local more_keys = 9 -- ARGV[9] on: keys of further hash slots, as KEYS
local charge = first_slot == ''

-- A reserve of more than one job goes through this function (made only then), and a reserve of
-- one is written out in the loop below: a function defined here is made anew on every call,
-- with its upvalues, which costs Redis a few hundred instructions.
local reserve_batch
if want ~= '1' then
    -- Up to want jobs for queue q, in three commands whatever their number (a call from a script
    -- costs Redis about as much as the work it does on a short list). Returns as for one job.
    reserve_batch = function(q, queue, notify, reserved, restart, want)
        local jobs = redis.pcall('lpop', queue, want)
        if jobs and jobs.err then
            return rare().read_failed(queue, 'list', jobs)
        end
        if not jobs then
            return nil
        end
        local taken = redis.pcall('lpop', notify, #jobs == tonumber(want) and want or #jobs)
        if taken and taken.err then
            -- Nothing else was written for this queue: the jobs go back as they were.
            rare().push_to_head(queue, jobs)
            return rare().read_failed(notify, 'list', taken)
        end
        local members, out, crashes = {}, {restart, q}, nil
        local first = tonumber(first_slot)
        local reserve_copy = charge and rare().reserve_copy
        local find = string.find -- once per call, not a global's lookup per job
        for slot = 1, #jobs do
            local job = jobs[slot]
            local crash = false
            if charge then
                local copy, attempts = reserve_copy(job)
                members[2 * slot - 1], members[2 * slot] = until_, copy
                out[#out + 1] = job
                out[#out + 1] = copy
                out[#out + 1] = attempts
                if attempts > 1 then
                    crash = rare().previous_crash(queue, job, attempts)
                end
            else
                members[2 * slot - 1] = until_ .. string.format('.%06d', first + slot - 1)
                members[2 * slot] = job
                out[slot + 2] = job
                if not find(job, ',"attempts":0}', -14, true) then
                    local _, attempts = rare().reserve_copy(job)
                    crash = rare().previous_crash(queue, job, attempts)
                end
            end
            if crash then
                crashes = crashes or {}
                crashes[#crashes + 1] = slot
                crashes[#crashes + 1] = crash
            end
        end
        local added = redis.pcall('zadd', reserved, unpack(members))
        if type(added) == 'table' then
            rare().push_to_head(queue, jobs)
            if taken then
                rare().push_notifications(notify, #taken)
            end
            return rare().read_failed(reserved, 'zset', added)
        end
        if crashes then
            out[#out + 1] = crashes
        end
        return out
    end
end

-- {{{ limits: made only when the call carries some (a worker's limits option)
-- Per limited queue of the call, {rate, window, concurrency}; what a queue may start now
-- (allowance); the starts noted in the rate's window (note_starts); and the queues held back,
-- for the reply. The limiter's keys are the queue's key with a suffix, so they live in its hash
-- slot (the call's), as its :reserved does.
local limit_of, allowance, note_starts, held_back
if limits ~= '' then
    limit_of, held_back = {}, {}
    local in_window = {} -- per rate-limited queue: the starts allowance counted in its window
    local clock = redis.call('time') -- Redis's clock: every worker's limits share it
    local clock_us = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
    for qn, rate, per, conc in string.gmatch(limits, '(%d+) (%d+) (%d+) (%d+) ') do
        limit_of[tonumber(qn)] = {tonumber(rate), tonumber(per), tonumber(conc)}
    end

    -- A held back queue goes into the reply only when a job waits in it: an empty queue is
    -- waited for on its :notify as any other.
    local function hold(q, queue, kind, wait_us)
        local waiting = redis.pcall('llen', queue)
        if type(waiting) == 'number' and waiting > 0 then
            held_back[#held_back + 1] = q
            held_back[#held_back + 1] = kind
            held_back[#held_back + 1] = wait_us
        end
    end

    -- How many jobs (at most n) queue q may start now; 0 when a limit holds them back. A
    -- reserved job holds a slot until it is acknowledged or its reservation ends (a dead
    -- worker's comes back then; lease renewal keeps a running one's), so the slots taken are
    -- :reserved's unexpired members.
    allowance = function(q, queue, reserved, n)
        local lim = limit_of[q]
        if not lim then
            return n
        end
        if lim[3] > 0 then
            local taken = redis.pcall('zcount', reserved, '(' .. clock[1], '+inf')
            if type(taken) == 'table' then
                return 0, rare().read_failed(reserved, 'zset', taken)
            end
            if taken >= lim[3] then
                -- Until the first of them ends, unless its worker frees it first.
                local first = redis.call('zrangebyscore', reserved, '(' .. clock[1], '+inf', 'withscores', 'limit', 0, 1)
                local wait_us = first[2] and math.max(math.floor((tonumber(first[2]) - tonumber(clock[1])) * 1000000) - tonumber(clock[2]), 0) or -1
                hold(q, queue, 'concurrency', wait_us)
                return 0
            end
            n = math.min(n, lim[3] - taken)
        end
        if lim[1] > 0 then
            local starts = queue .. ':limiter:rate'
            local trimmed = redis.pcall('zremrangebyscore', starts, '-inf', string.format('%d', clock_us - lim[2]))
            if type(trimmed) == 'table' then
                return 0, rare().read_failed(starts, 'zset', trimmed)
            end
            local started = redis.call('zcard', starts)
            in_window[q] = started
            if started >= lim[1] then
                local oldest = redis.call('zrange', starts, 0, 0, 'withscores')
                hold(q, queue, 'rate', math.max(tonumber(oldest[2]) + lim[2] - clock_us, 0))
                return 0
            end
            n = math.min(n, lim[1] - started)
        end
        return n
    end

    -- k jobs of queue q started now: each a member of the window, unique as the time and the
    -- window's count as allowance read it (a call at the same microsecond saw this one's
    -- members, so counts past them); scored in microseconds, exact in a double.
    note_starts = function(q, queue, k)
        local lim = limit_of[q]
        if not lim or lim[1] == 0 then
            return
        end
        local starts = queue .. ':limiter:rate'
        local base = in_window[q]
        local score = clock[1] .. string.format('%06d', tonumber(clock[2]))
        local members = {}
        for i = 1, k do
            members[2 * i - 1] = score
            members[2 * i] = score .. '-' .. (base + i)
        end
        redis.call('zadd', starts, unpack(members))
        redis.call('pexpire', starts, math.ceil(lim[2] / 1000) + 1000)
    end
end
-- }}}

local keys = KEYS
if ARGV[more_keys] then
    for i = more_keys, #ARGV do
        keys[#keys + 1] = ARGV[i]
    end
end
local nqueues = (#keys - #keys % 4) / 4

-- The restart key, when there is one, is the last key: one past the queues' four each.
local restart = false
if #keys % 4 == 1 then
    restart = redis.call('get', keys[#keys])
end

-- Replies: LPOP's is a string, false (none) or an error (a table); LPOP by count's an array,
-- false or an error; ZRANGEBYSCORE's an array or an error; ZCOUNT's and ZADD's a number or an
-- error. An error is told apart by a test that a reply of the usual kind passes without a
-- call (a string's .err is nil; a number compares), as type() is a call, and a call costs
-- Redis a few hundred instructions.
local out
for q = 1, nqueues do
    local queue, delayed, reserved, notify = keys[4 * q - 3], keys[4 * q - 2], keys[4 * q - 1], keys[4 * q]
    -- The due members of :delayed and, when asked, :reserved, in score order. :delayed is
    -- counted first: on most calls none is due, and ZCOUNT's reply, a number, costs Redis less
    -- than ZRANGEBYSCORE's empty array.
    local due_delayed, due_reserved = false, nil
    local due_count = redis.pcall('zcount', delayed, '-inf', now)
    if due_count ~= 0 then
        if type(due_count) == 'table' then
            return rare().read_failed(delayed, 'zset', due_count)
        end
        if batch == '-1' then
            due_delayed = redis.call('zrangebyscore', delayed, '-inf', now)
        else
            due_delayed = redis.call('zrangebyscore', delayed, '-inf', now, 'limit', 0, batch)
        end
    end
    local expired_too = migrate_expired ~= '' and string.byte(migrate_expired, q) == 49 -- '1'
    if expired_too then
        if batch == '-1' then
            due_reserved = redis.pcall('zrangebyscore', reserved, '-inf', now)
        else
            due_reserved = redis.pcall('zrangebyscore', reserved, '-inf', now, 'limit', 0, batch)
        end
        if due_reserved.err then
            return rare().read_failed(reserved, 'zset', due_reserved)
        end
    end
    if (due_delayed and #due_delayed > 0) or (expired_too and #due_reserved > 0) then
        local r = rare()
        local bad = r.wrong_type(queue, 'list') or r.wrong_type(notify, 'list')
        if bad then
            return bad
        end
        r.migrate(due_delayed or {}, delayed, queue, notify, false)
        if expired_too then
            r.migrate(due_reserved, reserved, queue, notify, true)
            r.record_expired(queue, due_reserved, now, until_)
        end
    end
    if report then
        table.insert(report, q)
        table.insert(report, 'delayed')
        table.insert(report, due_delayed or {})
        if expired_too then
            table.insert(report, q)
            table.insert(report, 'reserved')
            table.insert(report, due_reserved)
        end
    end
    local allowed = want
    if limit_of then
        local n, err = allowance(q, queue, reserved, tonumber(want))
        if err then
            return err
        end
        allowed = n > 0 and string.format('%d', n) or nil
    end
    if not allowed then
        -- Held back by a limit: nothing of this queue is touched; the next queue is served.
    elseif reserve_batch then
        out = reserve_batch(q, queue, notify, reserved, restart, allowed)
        if out then
            if out.err then
                return out
            end
            if limit_of then
                -- out: the restart value, q, then per job one element (three charged), and the
                -- crash records' array when there are some.
                local k = #out - 2 - (type(out[#out]) == 'table' and 1 or 0)
                note_starts(q, queue, charge and k / 3 or k)
            end
            break
        end
    else
        -- One job (a reserve of one, as at prefetch 1 and pop()): the same steps as a batch's,
        -- without the tables. Each table, and each one grown an element at a time, costs Redis
        -- more than the commands do, as does LPOP's count form, whose reply is an array.
        local job = redis.pcall('lpop', queue)
        if job and job.err then
            return rare().read_failed(queue, 'list', job)
        end
        if job then
            local taken = redis.pcall('lpop', notify)
            if taken and taken.err then
                -- Nothing else was written for this queue: the job goes back as it was.
                rare().push_to_head(queue, {job})
                return rare().read_failed(notify, 'list', taken)
            end
            local copy, attempts, added
            if charge then
                -- reserve_copy's usual case written out (a function call costs Redis more than
                -- the test): a count of one digit, 0 to 8, ends the payload after ,"attempts":
                -- (found only just before it: a match further back would end before the digit).
                local digit, close = string.byte(job, -2, -1)
                if close == 125 and digit >= 48 and digit < 57 and string.find(job, ',"attempts":', -14, true) then
                    copy, attempts = string.sub(job, 1, -3) .. string.char(digit + 1) .. '}', digit - 47
                else
                    copy, attempts = rare().reserve_copy(job)
                end
                added = redis.pcall('zadd', reserved, until_, copy)
            else
                added = redis.pcall('zadd', reserved, until_ .. string.format('.%06d', tonumber(first_slot)), job)
            end
            if added ~= 1 and added ~= 0 then
                rare().push_to_head(queue, {job})
                if taken then
                    rare().push_notifications(notify, 1)
                end
                return rare().read_failed(reserved, 'zset', added)
            end
            -- The crash record of the job's last attempt, looked for only when there was one
            -- (attempts above 1; uncharged, a pushed count that is not 0).
            if charge then
                out = {restart, q, job, copy, attempts}
                if attempts > 1 then
                    rare().add_previous_crash(out, queue, job, attempts)
                end
            else
                out = {restart, q, job}
                if not string.find(job, ',"attempts":0}', -14, true) then
                    rare().add_previous_crash(out, queue, job)
                end
            end
            if limit_of then
                note_starts(q, queue, 1)
            end
            break
        end
    end
end
out = out or {restart}
if report then
    out[#out + 1] = report
end
if held_back then
    out[#out + 1] = held_back
end
return out
