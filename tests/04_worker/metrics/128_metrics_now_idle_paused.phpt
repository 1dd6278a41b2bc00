--TEST--
metrics_publish of the worker's state with no job: idle, paused by SIGUSR2 until SIGCONT, paused while skipQueues() leaves no queue to serve, never a job line
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/metrics_export.inc';
$name = 'w128';
fq_clean($name);
$raw = fq_raw();
$key = 'fastqueue:metrics:{workers}:w128';
$raw->cmd('DEL', 'fastqueue:metrics:{workers}', $key);
$dir = fqm_dir('w128');
$skip = "$dir/skip";

// A looping listener skips every queue of the run while the file $skip exists.
$c = fqm_worker($name, ['metrics_publish' => true, 'metrics_worker' => 'w128', 'metrics_interval' => 0.1],
    sprintf('$w->on("looping", function () use ($w) { $w->skipQueues(file_exists(%s) ? [%s] : []); });',
        var_export($skip, true), var_export($name, true)));
fqm_ready($c);

// Waits until a publication shows $state, and prints the three lines and the job lines then.
function state_becomes(FqRaw $raw, string $key, string $state, string $when): void
{
    $limit = fq_slow() ? 60 : 10;
    $text = '';
    for ($t = microtime(true); microtime(true) - $t < $limit; usleep(50000)) {
        $text = (string) $raw->cmd('GET', $key);
        if (fqm_sample($text, 'fastqueue_worker_state', ['worker' => 'w128', 'state' => $state]) === 1.0) {
            break;
        }
    }
    $lines = [];
    foreach (['busy', 'idle', 'paused'] as $s) {
        $lines[] = $s . ' ' . var_export(fqm_sample($text, 'fastqueue_worker_state', ['state' => $s]), true);
    }
    echo "$when: ", implode(', ', $lines), ', job lines ',
        count(preg_grep('/^fastqueue_job_started_time_seconds\{/', explode("\n", $text))), "\n";
}

state_becomes($raw, $key, 'idle', 'no job');
$c->signal(SIGUSR2);
state_becomes($raw, $key, 'paused', 'after SIGUSR2');
$c->signal(SIGCONT);
state_becomes($raw, $key, 'idle', 'after SIGCONT');
touch($skip);
state_becomes($raw, $key, 'paused', 'every queue skipped');
unlink($skip);
state_becomes($raw, $key, 'idle', 'none skipped');
$c->signal(SIGTERM);
$r = $c->wait(20);
echo trim($r['stdout']), "\n", $r['stderr'];
fqm_rmdir($dir);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w128'); fq_raw()->cmd('DEL', 'fastqueue:metrics:{workers}', 'fastqueue:metrics:{workers}:w128'); } ?>
--EXPECT--
no job: busy 0.0, idle 1.0, paused 0.0, job lines 0
after SIGUSR2: busy 0.0, idle 0.0, paused 1.0, job lines 0
after SIGCONT: busy 0.0, idle 1.0, paused 0.0, job lines 0
every queue skipped: busy 0.0, idle 0.0, paused 1.0, job lines 0
none skipped: busy 0.0, idle 1.0, paused 0.0, job lines 0
ready
stopped 0
