<?php
// A short tour of FastQueue in two acts. First the queue by hand: push, later and bulk some
// jobs, pop them (waiting for the delayed one), release one and pop it again, delete them all.
// Then the native worker: a few thousand sample jobs, run by FastQueue\Worker::daemon() with a
// progress line, one of them retried after an exception and one failed into the failed store.
// scripts/demo runs it against a private redis-server; to use another server:
//
//   FASTQUEUE_REDIS_URL=redis://127.0.0.1:6379/0 php -d extension=fastqueue.so examples/demo.php
//
// It only touches the keys of its own queue, "fastqueue-demo".

if (!extension_loaded('fastqueue')) {
    fwrite(STDERR, "the fastqueue extension is not loaded: run php -d extension=fastqueue.so " . $argv[0] . "\n");
    exit(1);
}

$url = getenv('FASTQUEUE_REDIS_URL') ?: null;
$options = ['queue' => 'fastqueue-demo', 'retry_after' => 60];
if ($url !== null) {
    $options['url'] = $url;
    $where = preg_replace('#//[^@/]*@#', '//***@', $url); // never print a password
} else {
    $options['host'] = getenv('FASTQUEUE_DEMO_HOST') ?: '127.0.0.1';
    $options['port'] = (int) (getenv('FASTQUEUE_DEMO_PORT') ?: 6379);
    $where = "{$options['host']}:{$options['port']}";
}

function say(string $line): void
{
    echo $line, "\n";
}

function sizes(FastQueue\RedisQueue $q): string
{
    return sprintf('size %d (pending %d, delayed %d, reserved %d)',
        $q->size(), $q->pendingSize(), $q->delayedSize(), $q->reservedSize());
}

function describe(FastQueue\Job $job): string
{
    $data = json_encode($job->getData(), JSON_UNESCAPED_SLASHES);
    if (strlen($data) > 60) {
        $data = substr($data, 0, 57) . '...';
    }
    return sprintf('%s id %s attempts %d data %s', $job->getName(), $job->getJobId(), $job->attempts(), $data);
}

// The sample jobs of the worker act. Without a handler the worker resolves a payload's "job"
// as Laravel does without a container: "Class@method" (method fire when absent), called as
// (new Class)->method($job, $data).
final class DemoCounter
{
    public static array $ran = [];
}

final class Thumbnail
{
    public function fire(FastQueue\Job $job, array $data): void
    {
        DemoCounter::$ran[$job->getName()] = (DemoCounter::$ran[$job->getName()] ?? 0) + 1;
    }
}

final class Invoice
{
    public function send(FastQueue\Job $job, array $data): void
    {
        DemoCounter::$ran[$job->getName()] = (DemoCounter::$ran[$job->getName()] ?? 0) + 1;
        if ($data['flaky'] && $job->attempts() === 1) {
            throw new RuntimeException("mail server busy for invoice {$data['number']}");
        }
    }

    public function broken(FastQueue\Job $job, array $data): void
    {
        throw new DomainException("invoice {$data['number']} has no customer");
    }
}

function run_worker(FastQueue\RedisQueue $q): void
{
    $n = 5000;
    $q->bulk(array_fill(0, $n - 3, 'Thumbnail'), ['size' => 128]);
    $q->push('Invoice@send', ['number' => 1001, 'flaky' => false]);
    $q->push('Invoice@send', ['number' => 1002, 'flaky' => true], null, ['maxTries' => 3]);
    $q->push('Invoice@broken', ['number' => 1003], null, ['maxTries' => 2]);
    say("");
    say("worker: pushed $n jobs (" . sizes($q) . "); running FastQueue\\Worker::daemon() until the queue is empty");

    // prefetch 32 needs a job to be able to finish before its reservation (retry_after 60) ends:
    // these jobs take microseconds, so a timeout of 10 s leaves room for that.
    $worker = new FastQueue\Worker($q, null, ['sleep' => 0.1, 'stop_when_empty' => true, 'prefetch' => 32, 'tries' => 1, 'timeout' => 10]);
    $tty = function_exists('posix_isatty') && posix_isatty(STDOUT);
    $started = microtime(true);
    $shown = 0.0;
    $done = 0;
    $progress = function (bool $last = false) use (&$done, &$shown, $started, $n, $tty): void {
        $now = microtime(true);
        if (!$last && $now - $shown < ($tty ? 0.1 : 1.0)) {
            return;
        }
        $shown = $now;
        $line = sprintf('worker: %d/%d jobs handled, %.0f jobs/s', $done, $n, $done / max($now - $started, 1e-6));
        echo $tty ? "\r$line" : "$line\n";
        if ($last && $tty) {
            echo "\n";
        }
    };
    $worker->on('processed', function () use (&$done, $progress) { $done++; $progress(); });
    $worker->on('released', function (FastQueue\Job $job, int $delay) {
        say("\nworker: released {$job->getName()} after attempt {$job->attempts()}, retry in {$delay} s");
    });
    $worker->on('failed', function (FastQueue\Job $job, Throwable $e) use (&$done) {
        $done++;
        say("\nworker: failed {$job->getName()} after attempt {$job->attempts()}: " . $e->getMessage());
    });
    $status = $worker->daemon("fastqueue-demo");
    $progress(true);

    $stats = $worker->stats();
    say(sprintf('worker: daemon() returned %d; processed %d, released %d, failed %d, exceptions %d; ran %s',
        $status, $stats['processed'], $stats['released'], $stats['failed'], $stats['exceptions'],
        json_encode(DemoCounter::$ran, JSON_UNESCAPED_SLASHES)));
    foreach ($q->failed() as $record) {
        say("failed store: {$record['id']} {$record['exception']}: {$record['message']}");
        $q->forgetFailed($record['id']);
    }
    say("after the worker: " . sizes($q));
}

try {
    $q = new FastQueue\RedisQueue($options);
    $name = $q->getQueue();
    say("FastQueue " . phpversion('fastqueue') . " on Redis at $where, queue key \"{$q->getPrefix()}$name\"");

    $removed = $q->clear();
    if ($removed > 0) {
        say("cleared $removed job(s) left by an earlier run");
    }

    $id = $q->push('App\Jobs\SendWelcomeEmail', ['user_id' => 42]);
    say("push: App\\Jobs\\SendWelcomeEmail as $id");
    $id = $q->later(1, 'App\Jobs\GenerateReport', ['report' => 'daily', 'format' => 'pdf']);
    say("later: App\\Jobs\\GenerateReport as $id, due in 1 s");
    $ids = $q->bulk(['App\Jobs\ResizeImage', 'App\Jobs\ResizeImage'], ['image' => 'cat.jpg', 'width' => 320]);
    say("bulk: 2 x App\\Jobs\\ResizeImage as " . implode(', ', $ids));
    say("after pushing: " . sizes($q));

    // Four jobs: three ready now, one after its delay. Poll briefly for the delayed one.
    $jobs = [];
    $deadline = microtime(true) + 5;
    $waited = false;
    while (count($jobs) < 4 && microtime(true) < $deadline) {
        $job = $q->pop();
        if ($job === null) {
            if (!$waited) {
                say("pop: nothing ready, waiting for the delayed job (" . sizes($q) . ")");
                $waited = true;
            }
            usleep(100_000);
            continue;
        }
        $jobs[] = $job;
        say("pop: " . describe($job));
    }
    if (count($jobs) < 4) {
        throw new RuntimeException('expected 4 jobs, popped ' . count($jobs));
    }
    say("after popping: " . sizes($q));

    $first = array_shift($jobs);
    $first->release();
    say("release: {$first->getName()} {$first->getJobId()} goes back to the queue (released: " . var_export($first->isReleased(), true) . ")");
    $again = $q->pop();
    if ($again === null) {
        throw new RuntimeException('the released job did not come back');
    }
    say("pop again: " . describe($again));
    $jobs[] = $again;

    foreach ($jobs as $job) {
        $job->delete();
        say("delete: {$job->getName()} {$job->getJobId()} (deleted: " . var_export($job->isDeleted(), true) . ")");
    }
    say("at the end: " . sizes($q));

    run_worker($q);
    say("done");
} catch (FastQueue\Exception $e) {
    fwrite(STDERR, get_class($e) . ': ' . $e->getMessage() . "\n");
    exit(1);
}
