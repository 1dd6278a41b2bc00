--TEST--
fastqueue:work against queue:work on the same application and the same dispatched jobs: same effects, events, output lines, failed_jobs rows, batches, reported exceptions and Redis state
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'cmp013', 'providers' => ['App\Providers\RecordEvents', 'App\Providers\RecordAllEvents']]);

// The events that fire once per run or per round: how many depends on how many runs and
// rounds it took, which timing decides. They are compared as sets.
const PER_RUN = '/^(event (Looping|WorkerStopping)|all (Looping|JobPopping|WorkerIdle|WorkerStarting|WorkerStopping))\b/';

// The output lines that are not job lines, with the date masked (the start line, Laravel 13's
// stop reason), distinct.
function other_lines(array $runs): array
{
    $lines = [];
    foreach ($runs as $r) {
        foreach (explode("\n", $r['stdout']) as $line) {
            if (trim($line) !== '' && FqLaravelApp::jobLines($line, true) === []) {
                $lines[] = preg_replace('/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/', 'DATE', rtrim($line));
            }
        }
    }
    $lines = array_values(array_unique($lines));
    sort($lines);
    return $lines;
}

$dispatch = <<<'PHP'
use App\Jobs\{FlakyJob, ManualFailJob, MiddlewareJob, RecordJob, ReleaseJob, ThrowJob, TriesJob};
use Illuminate\Bus\Batch;
use Illuminate\Support\Facades\{Bus, Queue};

RecordJob::dispatch('plain');
RecordJob::dispatch('other queue')->onQueue('cmp013b');
MiddlewareJob::dispatch('mw');
Queue::push('App\Handlers\StringHandler@handle', ['n' => 1]);
FlakyJob::dispatch('recovers', 1);
FlakyJob::dispatch('dies', 5);
TriesJob::dispatch('tries');
ThrowJob::dispatch('worker tries');
ManualFailJob::dispatch('manual');
ReleaseJob::dispatch('release');
RecordJob::dispatch('delayed')->delay(1);
Bus::chain([new RecordJob('chain 1'), new TriesJob('chain 2'), new RecordJob('chain 3')])
    ->catch(fn (Throwable $e) => RecordJob::record('chain catch: ' . $e->getMessage()))
    ->dispatch();
Bus::batch([new RecordJob('batch 1'), new TriesJob('batch 2')])
    ->name('cmp')
    ->allowFailures()
    ->then(fn (Batch $b) => RecordJob::record('batch then'))
    ->catch(fn (Batch $b, Throwable $e) => RecordJob::record('batch catch: ' . $e->getMessage()))
    ->finally(fn (Batch $b) => RecordJob::record("batch finally failed={$b->failedJobs}"))
    ->dispatch();
PHP;

$observe = function (string $command) use ($app, $dispatch) {
    $app->reset();
    $app->run($dispatch);
    $runs = $app->workUntilEmpty($command, ['cmp013', 'cmp013b'], [], 40);
    $lines = $stderr = [];
    $statuses = [];
    foreach ($runs as $r) {
        array_push($lines, ...FqLaravelApp::jobLines($r['stdout'], true));
        $stderr[] = $r['stderr'];
        $statuses[] = $r['status'];
    }
    // Looping and WorkerStopping fire once per run, and how many runs it takes depends on timing.
    $effects = preg_grep(PER_RUN, $app->effects(), PREG_GREP_INVERT);
    $perRun = array_values(array_unique(preg_grep(PER_RUN, $app->effects())));
    $pdo = new PDO('sqlite:' . $app->base . '/database/database.sqlite');
    $batches = $pdo->query('SELECT name, total_jobs, pending_jobs, failed_jobs, cancelled_at IS NOT NULL AS cancelled, finished_at IS NOT NULL AS finished FROM job_batches')->fetchAll(PDO::FETCH_ASSOC);
    $failed = array_map([FqLaravelApp::class, 'normalizeFailed'], $app->failedJobs());
    // Inside a payload, what differs from run to run: the batch id (in the command, and in
    // Laravel 13 in the payload's data too), and a serialized closure's object id and signature
    // (the chain's catch callback).
    $failed = array_map(fn ($row) => ['payload' => preg_replace([
        '/"batchId":"[0-9a-f-]{36}"/',
        '/s:7:\\\\"batchId\\\\";s:36:\\\\"[0-9a-f-]{36}\\\\"/',
        '/s:4:\\\\"self\\\\";s:32:\\\\"[0-9a-f]{32}\\\\"/',
        '/s:4:\\\\"hash\\\\";s:44:\\\\"[A-Za-z0-9+\/=]{44}\\\\"/',
    ], ['"batchId":BATCH', 'BATCH', 'SELF', 'HASH'], $row['payload'])] + $row, $failed);
    $sorted = function (array $xs) { sort($xs); return $xs; };
    $states = [];
    foreach (['cmp013', 'cmp013b'] as $q) {
        $states[$q] = fq_state_canonical($app->queueState($q));
    }
    return [
        'worker exit statuses' => array_values(array_unique($statuses)),
        'stderr' => array_values(array_filter($stderr)),
        'effects' => $sorted($effects),
        'per-run events (distinct)' => $sorted($perRun),
        'other output lines (distinct)' => other_lines($runs),
        'job lines' => $sorted($lines),
        'failed_jobs rows' => $sorted(array_map('serialize', $failed)),
        'job_batches rows' => $batches,
        'reported exceptions' => $sorted($app->reported()),
        'redis keys' => $app->redisKeys(),
        'queue states' => $states,
    ];
};

// Redis after one run, jobs still waiting: a job released with --backoff=10 and a job delayed
// 10 s, compared member by member (as JSON, without the random uuid and id: Laravel re-encodes
// a released copy, FastQueue keeps the pushed text) and by due time.
$wait = 10 * fq_app_scale(); // longer than a worker run, also under valgrind
$snapshot = function (string $command) use ($app, $wait) {
    $app->reset();
    $t0 = time();
    $app->run("App\\Jobs\\RecordJob::dispatch('later')->delay($wait); App\\Jobs\\ThrowJob::dispatch('snap');");
    $app->artisan([$command, '--stop-when-empty', '--sleep=0', '--tries=3', "--backoff=$wait", '--queue=cmp013']);
    $t1 = time();
    $state = $app->queueState('cmp013');
    $delayed = [];
    foreach ($state['delayed'] as [$member, $score]) {
        $job = json_decode($member, true);
        unset($job['uuid'], $job['id'], $job['createdAt']);
        // Due $wait s after the dispatch or the release, both between $t0 and $t1.
        $delayed[] = [fq_json_canonical(json_encode($job)), $score >= $t0 + $wait && $score <= $t1 + $wait ? 'due as expected' : $score - $t0];
    }
    sort($delayed);
    return ['delayed' => $delayed, 'pending' => $state['queue'], 'reserved' => $state['reserved'], 'notify' => $state['notify'],
        'effects' => array_values(preg_grep(PER_RUN, $app->effects(), PREG_GREP_INVERT))];
};
$a = $snapshot('queue:work');
$b = $snapshot('fastqueue:work');
echo "after one run, two jobs waiting: ", $a === $b ? 'same' : "DIFFERENT\n" . var_export($a, true) . "\n" . var_export($b, true), "\n";
foreach ($b['delayed'] as [$json, $due]) {
    $job = json_decode($json, true);
    echo "  {$job['displayName']} attempts={$job['attempts']} $due\n";
}

$laravel = $observe('queue:work');
$fast = $observe('fastqueue:work');

foreach ($laravel as $what => $expected) {
    if ($fast[$what] === $expected) {
        // How many there are depends on the Laravel version (its events, its output).
        echo "$what: same\n";
    } else {
        echo "$what: DIFFERENT\nqueue:work:\n", var_export($expected, true), "\nfastqueue:work:\n", var_export($fast[$what], true), "\n";
    }
}
echo "effects of both:\n  ", implode("\n  ", array_filter($fast['effects'], fn ($l) => !preg_match('/^(event|all) /', $l))), "\n";
// fq_json_canonical() leaves a self-referencing closure behind on each call; a release build
// of PHP does not collect cycles at shutdown (the suite's valgrind pass would see them).
gc_collect_cycles();
?>
--EXPECT--
after one run, two jobs waiting: same
  App\Jobs\RecordJob attempts=0 due as expected
  App\Jobs\ThrowJob attempts=1 due as expected
worker exit statuses: same
stderr: same
effects: same
per-run events (distinct): same
other output lines (distinct): same
job lines: same
failed_jobs rows: same
job_batches rows: same
reported exceptions: same
redis keys: same
queue states: same
effects of both:
  after fail() manual failed=true deleted=true
  batch catch: tries batch 2 attempt 2
  batch finally failed=1
  chain catch: tries chain 2 attempt 2
  failed() batch 2: RuntimeException: tries batch 2 attempt 2
  failed() chain 2: RuntimeException: tries chain 2 attempt 2
  failed() dies: RuntimeException: flaky dies attempt 3
  failed() manual: RuntimeException: manual manual
  failed() tries: RuntimeException: tries tries attempt 2
  failed() worker tries: RuntimeException: throw worker tries attempt 1
  middleware after mw
  middleware before mw
  ran batch 1 attempt=1 queue=cmp013
  ran chain 1 attempt=1 queue=cmp013
  ran delayed attempt=1 queue=cmp013
  ran mw
  ran other queue attempt=1 queue=cmp013b
  ran plain attempt=1 queue=cmp013
  ran recovers attempt=2
  ran release attempt=2
  release release attempt=1
  string job {"n":1} attempt=1 contract=true
  throw batch 2 attempt=1
  throw batch 2 attempt=2
  throw chain 2 attempt=1
  throw chain 2 attempt=2
  throw dies attempt=1
  throw dies attempt=2
  throw dies attempt=3
  throw recovers attempt=1
  throw tries attempt=1
  throw tries attempt=2
  throw worker tries attempt=1