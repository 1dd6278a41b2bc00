<?php
// A short tour of FastQueue: push, later and bulk some jobs, pop them (waiting for the delayed
// one), release one and pop it again, then delete them all. scripts/demo runs it against a
// private redis-server; to use another server:
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
    say("done");
} catch (FastQueue\Exception $e) {
    fwrite(STDERR, get_class($e) . ': ' . $e->getMessage() . "\n");
    exit(1);
}
