<?php
// A real FastQueue worker for tests/10_supervisor, started by a supervisor:
//   php supervised_worker.php QUEUE [WORKER-OPTIONS-AS-JSON]
// With FQ_SV_OUT set in its environment (a pool's 'env'), it appends its lines to that file
// instead of stdout. It runs Worker::daemon() on QUEUE of the test's redis-server (the FASTQUEUE_TEST_* settings
// reach it through the supervisor's environment) and prints, each line in one write:
//   "looping PID"          once, when daemon() is in its loop (its signal handlers are in place)
//   "start DATA PID"       as a job starts; a job whose data is "work:S" then works S seconds
//                          without sleeping (a signal cannot cut it short)
//   "end DATA PID"         as it ends, after setting the key "sv:done:DATA" to its attempts
//   "daemon returned N PID", then it exits with N
require __DIR__ . '/config.inc';

$queue = $argv[1] ?? 'default';
$out = getenv('FQ_SV_OUT');
function say(string $line): void
{
    global $out;
    $out ? file_put_contents($out, "$line\n", FILE_APPEND) : print("$line\n");
}
$options = json_decode($argv[2] ?? '{}', true) + ['sleep' => 0.1];
$pid = getmypid();
$worker = new FastQueue\Worker(fq_queue(), function (FastQueue\Job $job) use ($pid) {
    $data = (string) $job->getData();
    say("start $data $pid");
    if (preg_match('/^work:([\d.]+)$/', $data, $m)) {
        for ($until = microtime(true) + (float) $m[1]; microtime(true) < $until;) {
            usleep(5000);
        }
    }
    fq_raw()->cmd('SET', "sv:done:$data", (string) $job->attempts());
    say("end $data $pid");
}, $options);
$worker->on('looping', function () use ($pid) {
    static $once = false;
    if (!$once) {
        $once = true;
        say("looping $pid");
    }
});
$status = $worker->daemon($queue);
say("daemon returned $status $pid");
exit($status);
