--TEST--
Laravel: FastQueue's pop, delete and release leave Redis as Laravel's RedisJob delete and release do
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel.inc'; fq_skip_unless_laravel(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/laravel.inc';

// Queue L is worked by Laravel, queue F by FastQueue; both get the same bytes, pushed by the
// same code. Laravel's pop re-encodes the reserved copy with cjson (key order, escaping), so
// members are compared canonically (see 003 for where the two encodings really differ).
$L = 'lv002L';
$F = 'lv002F';
fq_clean($L);
fq_clean($F);
$laravel = fq_laravel_queue($L);
$fq = fq_queue(['queue' => $F]);

$payloads = [];
foreach (['One', 'Two', 'Three'] as $i => $n) {
    $payloads[] = json_encode([
        'uuid' => sprintf('00000000-0000-4000-8000-%012d', $i + 1),
        'displayName' => "App\\Jobs\\$n",
        'job' => "App\\Jobs\\$n@handle",
        'maxTries' => 3,
        'maxExceptions' => null,
        'failOnTimeout' => false,
        'backoff' => '5,10',
        'timeout' => 20,
        'data' => ['n' => $i + 1, 'name' => $n, 'path' => "a/b/$n", 'nested' => ['x' => 1.5, 'ok' => true]],
        'id' => "lv002id$n",
        'attempts' => 0,
    ], JSON_UNESCAPED_UNICODE);
}
foreach ([$L, $F] as $queue) {
    foreach ($payloads as $p) {
        $laravel->pushRaw($p, $queue);
    }
}

$t0 = time();
// One step on both queues; then the states must match, scores exactly unless the clock ticked.
function step(string $what, callable $onLaravel, callable $onFastQueue): void
{
    global $L, $F;
    $before = time();
    $lj = $onLaravel();
    $fj = $onFastQueue();
    $slack = time() - $before;
    $same = fq_states_match(fq_state_canonical(fq_queue_state($L)), fq_state_canonical(fq_queue_state($F)), $slack);
    echo str_pad($what, 28), $same ? 'same' : 'DIFFERENT', "\n";
}

var_dump(fq_queue_state($L) === fq_queue_state($F));   // byte-equal to start with

$lj = $fj = null;
step('pop', function () use ($laravel, $L, &$lj) { $lj = $laravel->pop($L); },
    function () use ($fq, &$fj) { $fj = $fq->pop(); });
var_dump($lj->getJobId(), $fj->getJobId(), $lj->attempts(), $fj->attempts());
step('delete', fn () => $lj->delete(), fn () => $fj->delete());

step('pop', function () use ($laravel, $L, &$lj) { $lj = $laravel->pop($L); },
    function () use ($fq, &$fj) { $fj = $fq->pop(); });
var_dump($lj->getJobId() === $fj->getJobId());
step('release(0)', fn () => $lj->release(0), fn () => $fj->release(0));

step('pop', function () use ($laravel, $L, &$lj) { $lj = $laravel->pop($L); },
    function () use ($fq, &$fj) { $fj = $fq->pop(); });
var_dump($lj->getJobId(), $fj->getJobId());
step('release(30)', fn () => $lj->release(30), fn () => $fj->release(30));

// The job released with no delay is due again: both pops migrate it and reserve it again.
step('pop (migrates the release)', function () use ($laravel, $L, &$lj) { $lj = $laravel->pop($L); },
    function () use ($fq, &$fj) { $fj = $fq->pop(); });
var_dump($lj->getJobId(), $fj->getJobId(), $lj->attempts(), $fj->attempts());
step('release(2)', fn () => $lj->release(2), fn () => $fj->release(2));

step('pop (nothing due)', function () use ($laravel, $L, &$lj) { $lj = $laravel->pop($L); },
    function () use ($fq, &$fj) { $fj = $fq->pop(); });
var_dump($lj, $fj);

// What is left: Three released for 30 s and Two released for 2 s, as attempted so far.
$t1 = time();
$state = fq_queue_state($F);
foreach ($state['delayed'] as [$member, $score]) {
    $p = json_decode($member, true);
    printf("%s attempts=%d due in %s\n", $p['id'], $p['attempts'],
        $score - $t0 >= ($p['id'] === 'lv002idThree' ? 30 : 2) && $score - $t1 <= ($p['id'] === 'lv002idThree' ? 30 : 2) ? 'the expected time' : 'WRONG time');
}
var_dump(count($state['queue']), count($state['reserved']), $state['notify']);
?>
--CLEAN--
<?php require __DIR__ . '/../inc/config.inc'; if (fq_test_port()) { fq_clean('lv002L'); fq_clean('lv002F'); } ?>
--EXPECT--
bool(true)
pop                         same
string(10) "lv002idOne"
string(10) "lv002idOne"
int(1)
int(1)
delete                      same
pop                         same
bool(true)
release(0)                  same
pop                         same
string(12) "lv002idThree"
string(12) "lv002idThree"
release(30)                 same
pop (migrates the release)  same
string(10) "lv002idTwo"
string(10) "lv002idTwo"
int(2)
int(2)
release(2)                  same
pop (nothing due)           same
NULL
NULL
lv002idTwo attempts=2 due in the expected time
lv002idThree attempts=1 due in the expected time
int(0)
int(0)
int(0)
