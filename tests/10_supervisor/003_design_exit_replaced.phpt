--TEST--
A FastQueue worker that ends by design (exit 0 after max_jobs) is replaced at once; one that dies of a fatal error (255) waits its delay; an exit by design within a second counts as a crash; design_exits names other statuses
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../inc/supervisor.inc';
fq_reaper_list();
$queue = 'sv003';
fq_clean($queue);
fq_raw()->cmd('DEL', 'sv:done:work:1.2');
$q = fq_queue();
$q->push('J', 'work:1.2', $queue); // over a second: its exit 0 is by design, not a failing command

// Runs one pool until $stopAfter workers have started; returns the events.
function supervise(array $command, array $options, int $stopAfter): array
{
    $events = [];
    $s = new FastQueue\Supervisor(['log' => function (string $line, array $ev) use (&$s, &$events, $stopAfter) {
        $events[] = $ev + ['at' => fq_sig_now(), 'line' => $line];
        if ($ev['event'] === 'started' && count(array_filter($events, fn($e) => $e['event'] === 'started')) === $stopAfter) {
            $s->stop();
        }
    }]);
    $s->addPool('p', $command, 1, $options);
    $s->run();
    return $events;
}

// How each worker but the last ended, and how long until the next started.
function show(array $events): void
{
    $next = null;
    foreach (array_reverse($events) as $e) {
        if ($e['event'] === 'started') {
            $next = $e['at'];
        } elseif ($e['event'] === 'exited' && $e['delay'] !== null) {
            $gap = $next - $e['at'];
            printf("%s\n  delay %g, next started %s\n", preg_replace(['/pid \d+/', '/after [\d.]+ s/'], ['pid N', 'after T'], $e['line']),
                $e['delay'], $e['delay'] == 0 ? ($gap < 0.5 ? 'at once' : sprintf('after %.3f s', $gap))
                    : ($gap >= $e['delay'] - 0.01 ? "after at least {$e['delay']} s" : sprintf('after %.3f s, too soon', $gap)));
        }
    }
}

echo "-- max_jobs 1: exit 0, replaced at once\n";
show(supervise(fq_sup_worker_cmd($queue, ['max_jobs' => 1]), ['env' => ['FQ_SV_OUT' => '/dev/null']], 2));
echo "job done: ", fq_raw()->cmd('GET', 'sv:done:work:1.2'), "\n";

echo "-- a fatal error: exit 255, a crash\n";
show(supervise(array_merge(fq_sup_php(), ['-d', 'display_errors=0', '-d', 'log_errors=0', '-r', 'usleep(100000); undefined_function();']), [], 2));

echo "-- exit 0 at once: a command that cannot work\n";
// Outside valgrind even in its pass (the argument keeps it untraced): it must end within a second.
show(supervise(array_merge(fq_sup_php_cmd('exit(0);'), ['fq-untraced-by-valgrind']), [], 2));

echo "-- design_exits [3]: exit 3 after a second is by design, exit 0 is not\n";
show(supervise(fq_sup_php_cmd('usleep(1100000); exit(3);'), ['design_exits' => [3]], 2));
show(supervise(fq_sup_php_cmd('usleep(1100000); exit(0);'), ['design_exits' => [3]], 2));
fq_clean($queue);
fq_raw()->cmd('DEL', 'sv:done:work:1.2');
?>
--CLEAN--
<?php
require __DIR__ . '/../inc/config.inc';
if (fq_test_port()) {
    fq_clean('sv003');
    fq_raw()->cmd('DEL', 'sv:done:work:1.2');
}
?>
--EXPECT--
-- max_jobs 1: exit 0, replaced at once
pool "p": pid N exited with status 0 after T: replaced at once
  delay 0, next started at once
job done: 1
-- a fatal error: exit 255, a crash
pool "p": pid N exited with status 255 after T: restart in 1 s
  delay 1, next started after at least 1 s
-- exit 0 at once: a command that cannot work
pool "p": pid N exited with status 0 after T, under a second: restart in 1 s
  delay 1, next started after at least 1 s
-- design_exits [3]: exit 3 after a second is by design, exit 0 is not
pool "p": pid N exited with status 3 after T: replaced at once
  delay 0, next started at once
pool "p": pid N exited with status 0 after T: restart in 1 s
  delay 1, next started after at least 1 s
