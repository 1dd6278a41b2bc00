--TEST--
A job that forks the moment the worker's threads start (the metrics exporter and the lease at each run's start, the timeout watch at the first job), 12 runs, each in a new process: every child ends through the worker, none waits for ever on a lock a starting thread held when it was copied (04/115 so hung in the asan/ubsan pass)
--EXTENSIONS--
fastqueue
pcntl
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/metrics_export.inc';
$name = 'w119';
$dir = fqm_dir('w119');
$log = "$dir/outcomes";
$runs = 12;
// The race is in a process's first threads: each run is a worker in a process of its own,
// forked from this one, which starts no thread of FastQueue's itself.
// A child ends in well under a second, under the memory checkers too.
$limit = 10;
function fq119_wait(int $pid, float $limit): bool
{
    for ($t = microtime(true); microtime(true) - $t < $limit; usleep(5000)) {
        if (pcntl_waitpid($pid, $st, WNOHANG) === $pid) {
            return true;
        }
    }
    posix_kill($pid, SIGKILL);
    pcntl_waitpid($pid, $st);
    return false;
}
for ($i = 0; $i < $runs; $i++) {
    fq_clean($name);
    $q = fq_queue(['queue' => $name, 'retry_after' => 30]);
    $q->push('J', 'forks', $name);
    $run = pcntl_fork();
    if ($run === 0) {
        $w = fqw_worker(fq_queue(['queue' => $name, 'retry_after' => 30]), function ($job) use ($log, $limit) {
            $pid = pcntl_fork();
            if ($pid === 0) {
                exit(0); // through the worker: its threads are the parent's, not here
            }
            // A child stuck on a copied lock never ends: after the limit it is killed.
            file_put_contents($log, (fq119_wait($pid, $limit) ? 'job\'s child ended' : "job's child stuck for $limit s") . "\n", FILE_APPEND);
        }, ['metrics_file' => "$dir/m.prom", 'metrics_interval' => 0.1, 'timeout' => 60, 'lease_renewal' => true]);
        $w->daemon($name);
        exit(0);
    }
    if (!fq119_wait($run, 2 * $limit + 10)) {
        file_put_contents($log, "worker stuck\n", FILE_APPEND);
    }
    if (!str_ends_with(file_get_contents($log), "ended\n")) {
        break; // one is enough
    }
}
$counts = array_count_values(file($log, FILE_IGNORE_NEW_LINES));
ksort($counts);
foreach ($counts as $outcome => $n) {
    echo "$outcome: $n\n";
}
echo fqw_counts($name), "\n";
fqm_rmdir($dir);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w119'); ?>
--EXPECT--
job's child ended: 12
pending=0 delayed=0 reserved=0
