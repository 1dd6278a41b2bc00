<?php
// Redis's own floor: what redis-server must spend per job, whoever the worker is, to move a job
// through Laravel's layout (LPOP from queues:NAME and :notify, ZADD to :reserved, ZREM when done)
// with nothing else: no migration of delayed or expired jobs, no restart key, no payload rewrite,
// no start mark. It shows which of bench/run's "Redis CPU per job" goals a worker can reach on this
// machine and this Redis at all.
//
// Usage: php bench/lib/floor.php PORT QUEUE N [MODE]
//   MODE batch32 (default): per 32 jobs, one round trip: LPOP q 32, LPOP :notify 32,
//        ZADD :reserved with the 32, ZREM :reserved of the 32 before (the acks).
//   MODE batch32-start: batch32, plus one write per job: MULTI ZADD ZREM EXEC (a start mark, as a
//        worker that prefetches sends before each job so that a crash charges the attempt), the
//        replies read after the batch.
//   MODE script32-start: batch32-start with the reserve in one script of three commands (LPOP q
//        32, LPOP :notify, ZADD :reserved with the 32 at one score) that returns the jobs, the
//        acks of the batch before in the same round trip: the least an atomic reserve of 32 can
//        be in Lua (batch32's two round trips leave the jobs nowhere if the worker dies between
//        them, so no worker that keeps its jobs safe reaches batch32-start).
//   MODE script32-start-each: script32-start with each job's start mark sent as the job would
//        start, and its replies read before the next: the start reaches Redis before the job
//        runs, so that a job that kills its worker comes back charged while the jobs behind it
//        in the batch do not. That is the guarantee FastQueue's prefetch gives, and its price
//        is a wake-up of Redis (a read and a write) per job, which the two modes before share
//        among 32 jobs. Not a floor but a reference: FastQueue's worker sends the mark without
//        waiting for its replies (they come back with its next command), which costs Redis
//        less than a round trip per job.
//   MODE single: per job, one round trip: ZREM :reserved of the job before (its ack), then a
//        script of three commands (LPOP q, LPOP :notify, ZADD :reserved): Laravel's pop without
//        its attempts rewrite, and the least a one-job-at-a-time reserve can be in Lua.
//   MODE single-charged: single with Laravel's charge: the member in :reserved is the job with
//        its attempts one more (the reserved copy, here the last digit of a count that ends the
//        payload bumped, as push.php's jobs have it), returned with the job, and the ack
//        removes the copy. The least a reserve of one job can be that keeps the guarantee
//        Laravel's pop gives: a job that kills its worker comes back with its attempt counted.
// The jobs come from bench/lib/push.php (run it first). Prints one RESULT line with the fields
// bench/run's sides print (so bench/run can run the floor as a side, interleaved with the
// workers: floor-MODE) and, last, redis_us_job: redis-server's used_cpu_user + used_cpu_sys over
// the run, per job.

declare(strict_types=1);

require __DIR__ . '/common.php';
require __DIR__ . '/resp.php';

[$port, $queue, $n, $rest] = bench_args($argv);
$mode = $rest[0] ?? 'batch32';
$key = "queues:$queue";
$reserved = "$key:reserved";
$notify = "$key:notify";

$r = bench_redis($port);
$c = resp_connect($port);
$script = "local job = redis.call('lpop', KEYS[1])\n"
    . "if not job then return false end\n"
    . "redis.call('lpop', KEYS[3])\n"
    . "redis.call('zadd', KEYS[2], ARGV[1], job)\n"
    . "return job\n";
$sha = $r->script('load', $script);
$charged = "local job = redis.call('lpop', KEYS[1])\n"
    . "if not job then return false end\n"
    . "redis.call('lpop', KEYS[3])\n"
    . "local at = string.find(job, ',\"attempts\":', -28, true)\n"
    . "local copy = string.sub(job, 1, at + 11) .. string.char(string.byte(job, -2) + 1) .. '}'\n"
    . "redis.call('zadd', KEYS[2], ARGV[1], copy)\n"
    . "return {job, copy}\n";
$shaCharged = $r->script('load', $charged);
$batch = "local jobs = redis.call('lpop', KEYS[1], ARGV[2])\n"
    . "if not jobs then return false end\n"
    . "redis.call('lpop', KEYS[3], #jobs)\n"
    . "local members = {}\n"
    . "for i = 1, #jobs do members[2 * i - 1] = ARGV[1]; members[2 * i] = jobs[i] end\n"
    . "redis.call('zadd', KEYS[2], unpack(members))\n"
    . "return jobs\n";
$shaBatch = $r->script('load', $batch);

$machine0 = bench_machine_cpu();
$rusage0 = bench_rusage();
$cpu0 = bench_redis_cpu($r);
$t0 = microtime(true);
$done = 0;
$previous = [];
while (true) {
    $until = (string) (time() + 60);
    if ($mode === 'single' || $mode === 'single-charged') {
        // The ack of the job before and the next reserve go out together, as a worker sends them.
        $out = $previous ? resp_command(['ZREM', $reserved, $previous[0]]) : '';
        $replies = resp_call($c, $out . resp_command(['EVALSHA', $mode === 'single' ? $sha : $shaCharged, '3', $key, $reserved, $notify, $until]), $previous ? 2 : 1);
        $job = end($replies);
        // What the ack removes: the job, or its copy when charged ([job, copy]).
        $jobs = $job === null ? [] : [is_array($job) ? $job[1] : $job];
    } elseif ($mode === 'script32-start' || $mode === 'script32-start-each') {
        $out = $previous ? resp_command(array_merge(['ZREM', $reserved], $previous)) : '';
        $replies = resp_call($c, $out . resp_command(['EVALSHA', $shaBatch, '3', $key, $reserved, $notify, $until, '32']), $previous ? 2 : 1);
        $jobs = end($replies) ?: [];
    } else {
        $out = resp_command(['LPOP', $key, '32']) . resp_command(['LPOP', $notify, '32']);
        if ($previous) {
            $out .= resp_command(array_merge(['ZREM', $reserved], $previous));
        }
        $replies = resp_call($c, $out, $previous ? 3 : 2);
        $jobs = $replies[0] ?? [];
        if ($jobs) {
            $members = [];
            foreach ($jobs as $job) {
                $members[] = $until;
                $members[] = $job;
            }
            resp_call($c, resp_command(array_merge(['ZADD', $reserved], $members)), 1);
        }
    }
    $previous = $jobs;
    if ($mode === 'script32-start-each') {
        foreach ($jobs as $i => $job) {
            resp_call($c, resp_command(['MULTI']) . resp_command(['ZADD', $reserved, $until, $job . ' '])
                . resp_command(['ZREM', $reserved, $job]) . resp_command(['EXEC']), 4);
            $previous[$i] = $job . ' ';
        }
    }
    if ($mode === 'batch32-start' || $mode === 'script32-start') {
        // Before each job: its member in :reserved swapped for another (the charged copy), one
        // write per job, not waiting for the replies (read after the batch), as the worker does.
        foreach ($jobs as $i => $job) {
            fwrite($c, resp_command(['MULTI']) . resp_command(['ZADD', $reserved, $until, $job . ' '])
                . resp_command(['ZREM', $reserved, $job]) . resp_command(['EXEC']));
            $previous[$i] = $job . ' ';
        }
        resp_call($c, '', 4 * count($jobs));
    }
    if (!$jobs) {
        break;
    }
    $done += count($jobs);
}

$seconds = microtime(true) - $t0;
$cpu = bench_redis_cpu($r) - $cpu0;
$rusage1 = bench_rusage();
$machine1 = bench_machine_cpu();
$left = $r->zCard($reserved) + $r->lLen($key);
if ($done !== $n || $left !== 0) {
    fwrite(STDERR, "moved $done of $n jobs, $left left in the queue or :reserved\n");
    exit(1);
}
printf("RESULT side=floor-%s queue=%s n=%d secs=%.6f user=%.6f sys=%.6f redis_cpu=%.6f machine_busy=%.6f steal=%.6f status=0 ok=1 redis_us_job=%.2f\n",
    $mode, $queue, $n, $seconds, $rusage1[0] - $rusage0[0], $rusage1[1] - $rusage0[1], $cpu,
    $machine1[0] - $machine0[0], $machine1[1] - $machine0[1], $cpu / $n * 1e6);
