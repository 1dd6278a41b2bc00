--TEST--
Job accessors give the same after payload() as before it (read from the decoded payload, not scanned again)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/config.inc';
$name = 'job004';
fq_clean($name);
$q = fq_queue(['queue' => $name]);

// Every accessor of the payload, each value or what it threw.
function fields(FastQueue\Job $job): array
{
    $out = [];
    foreach (['getJobId', 'uuid', 'getName', 'resolveName', 'getData', 'attempts', 'maxTries', 'maxExceptions',
        'timeout', 'retryUntil', 'backoff', 'shouldFailOnTimeout', 'payload'] as $m) {
        try {
            $out[$m] = $job->$m();
        } catch (Throwable $e) {
            $out[$m] = get_class($e) . ': ' . $e->getMessage();
        }
    }
    return $out;
}

// The fields of one payload read twice: by a job whose payload() came first, and by one
// whose payload() came last.
function both_ways(FastQueue\RedisQueue $q, string $payload): array
{
    // Pushed as they are (pushRaw refuses what is not a job).
    fq_raw()->cmd('RPUSH', 'queues:job004', $payload, $payload);
    fq_raw()->cmd('RPUSH', 'queues:job004:notify', '1', '1');
    $scanned = $q->pop();
    $decoded = $q->pop();
    try {
        $decoded->payload();
    } catch (Throwable $e) {
    }
    $a = fields($scanned);
    $b = fields($decoded);
    $scanned->delete();
    $decoded->delete();
    return [$a, $b];
}

$payloads = [
    'laravel' => json_encode(['uuid' => '0d9a4b6e-3c1f-4f6a-9a38-6a1d2b3c4d5e', 'displayName' => 'App\\Jobs\\Mail',
        'job' => 'Illuminate\\Queue\\CallQueuedHandler@call', 'maxTries' => 3, 'maxExceptions' => 2,
        'failOnTimeout' => true, 'backoff' => '1,5,10', 'timeout' => 30, 'retryUntil' => 2000000000,
        'data' => ['commandName' => 'App\\Jobs\\Mail', 'command' => 'O:8:"stdClass":0:{}'],
        'id' => 'aBcDeFgHiJkLmNoPqRsTuVwXyZ012345', 'attempts' => 0]),
    // Keys written with escapes, an id given twice (the last counts), space before the brace.
    'escaped' => " \n{\"\\u0069d\":\"first\",\"job\":\"A\\u0040handle\",\"id\":\"second\",\"ma\\u0078Tries\":\"4\",\"delay\":7,\"data\":[1,2]}",
    // An id that is a number, a float timeout, no uuid, a null backoff.
    'numbers' => '{"job":"B","id":12345,"timeout":2.5,"backoff":null,"timeoutAt":1900000000,"attempts":"2"}',
    'not an object' => '[{"job":"C","id":"x"}]',
    'no name' => '{"job":"","id":"y"}',
    'not json' => '{"job":"D","id":"z",}',
];
foreach ($payloads as $label => $payload) {
    [$a, $b] = both_ways($q, $payload);
    echo $label, ': ', $a === $b ? 'same' : "DIFFERENT\n" . var_export([$a, $b], true), ', id ', var_export($a['getJobId'], true), "\n";
}

// The decoded payload belongs to the job: changing the copy payload() returned changes nothing.
$q->pushRaw($payloads['laravel']);
$job = $q->pop();
$p = $job->payload();
$p['id'] = 'changed';
$p['data']['commandName'] = 'changed';
var_dump($job->getJobId(), $job->getData()['commandName'], $job->payload()['id']);
$job->delete();
?>
--CLEAN--
<?php require __DIR__ . '/../inc/config.inc'; if (fq_test_port()) fq_clean('job004'); ?>
--EXPECTF--
laravel: same, id 'aBcDeFgHiJkLmNoPqRsTuVwXyZ012345'
escaped: same, id 'second'
numbers: same, id '12345'
not an object: same, id 'FastQueue\\PayloadException: Job payload must be a JSON object'
no name: same, id 'FastQueue\\PayloadException: Job payload has no "job" name'
not json: same, id 'FastQueue\\PayloadException: Job payload is not valid JSON: Syntax error%S'
string(32) "aBcDeFgHiJkLmNoPqRsTuVwXyZ012345"
string(13) "App\Jobs\Mail"
string(32) "aBcDeFgHiJkLmNoPqRsTuVwXyZ012345"
