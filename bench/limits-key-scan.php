<?php
// What a per-key limit inside Laravel's one list per queue would cost Redis: a reserve script
// that, to keep a hot key from blocking the others, looks past the head of the list for the
// first job whose key has room. Against a redis-server of the caller's (PORT), on a list of
// 1,000 payloads of Laravel's shape (about 500 bytes, a "limitKey" field among them) whose
// first 200 share one hot key: each script reads the list as a reserve would (read only,
// nothing is taken) and the microseconds per call come from INFO commandstats.
//
// Usage: php bench/limits-key-scan.php PORT [CALLS]   (default 20000 calls per variant)
// Prints one line per variant: its µs per call and its ratio to "head" (the head's key read,
// all a per-queue check needs). Run it on a quiet machine, or compare the ratios only.

declare(strict_types=1);

[$port, $calls] = [(int) ($argv[1] ?? 0), (int) ($argv[2] ?? 20000)];
if ($port <= 0) {
    fwrite(STDERR, "usage: php bench/limits-key-scan.php PORT [CALLS]\n");
    exit(2);
}
$r = new Redis();
$r->connect('127.0.0.1', $port, 5.0);
$key = 'bench-limits-key-scan:' . getmypid();
$r->del($key);
for ($i = 0; $i < 1000; $i++) {
    $tenant = $i < 200 ? 'tenant-hot' : 'tenant-' . ($i % 50);
    $r->rPush($key, json_encode(['uuid' => sprintf('%08x-0000-4000-8000-%012x', $i, $i), 'displayName' => 'App\\Jobs\\SendMail',
        'job' => 'Illuminate\\Queue\\CallQueuedHandler@call', 'maxTries' => null, 'maxExceptions' => null,
        'failOnTimeout' => false, 'backoff' => null, 'timeout' => null, 'retryUntil' => null, 'limitKey' => $tenant,
        'data' => ['commandName' => 'App\\Jobs\\SendMail', 'command' => str_repeat('x', 220)], 'attempts' => 0]));
}
// Each returns the place of the first job it could take (the hot key has no room).
$find = "local function free(job) return string.match(job, '\"limitKey\":\"([^\"]*)\"') ~= 'tenant-hot' end\n";
$variants = [
    'head' => $find . "local job = redis.call('lindex', KEYS[1], 0) if free(job) then return 1 end return 0",
];
foreach ([8, 32, 128, 256] as $k) {
    $variants["scan $k"] = $find . "local jobs = redis.call('lrange', KEYS[1], 0, $k - 1)
        for i = 1, #jobs do if free(jobs[i]) then return i end end return 0";
}
$results = [];
foreach ($variants as $name => $script) {
    $sha = $r->script('load', $script);
    $r->rawCommand('CONFIG', 'RESETSTAT');
    for ($i = 0; $i < $calls; $i++) {
        $r->evalSha($sha, [$key], 1);
    }
    $stats = $r->info('commandstats');
    preg_match('/usec_per_call=([\d.]+)/', $stats['cmdstat_evalsha'] ?? '', $m);
    $results[$name] = (float) ($m[1] ?? 0);
}
$r->del($key);
foreach ($results as $name => $usec) {
    printf("%-9s %8.2f us/call  %5.1f x head  (the first free job: %s)\n", $name, $usec, $usec / max($results['head'], 0.001),
        $name === 'head' || (int) substr($name, 5) <= 200 ? 'not found' : 'found past the hot key');
}
