--TEST--
Laravel: FastQueue's push, later and bulk write the JSON Laravel's push, later and bulk write
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel.inc'; fq_skip_unless_laravel(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/laravel.inc';

// Same job and data through both: the stored texts must be equal byte for byte once the
// random uuid and id are set aside (they are checked for Laravel's formats instead).
$L = 'lv009L';
$F = 'lv009F';
fq_clean($L);
fq_clean($F);
$laravel = fq_laravel_queue($L);
$fq = fq_queue(['queue' => $F]);

function shape(string $json): string
{
    $p = json_decode($json, true);
    $uuid = preg_match('/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/', $p['uuid']) ? 'UUID4' : 'BAD-UUID';
    $id = preg_match('/^[A-Za-z0-9]{32}$/', $p['id']) ? 'ID32' : 'BAD-ID';
    return str_replace(['"' . $p['uuid'] . '"', '"' . $p['id'] . '"'], ["\"$uuid\"", "\"$id\""], $json);
}

// Fields newer Laravel versions add to every payload, which FastQueue's push does not write:
// Laravel 13's "createdAt" (the push time, read only by creationTimeOfOldestPendingJob, which
// takes a missing one as unknown) and "delay" (the dispatch delay). FastQueue writes the
// payload of the Laravel versions before them; the rest must be the same bytes.
$only_laravel = [];
function compare(string $what, string $l, string $f): void
{
    global $only_laravel;
    foreach (['createdAt' => '\d+', 'delay' => 'null|\d+'] as $field => $value) {
        if (!str_contains($f, "\"$field\":") && preg_match("/,\"$field\":(?:$value)(?=[,}])/", $l)) {
            $l = preg_replace("/,\"$field\":(?:$value)(?=[,}])/", '', $l, 1);
            $only_laravel[$field] = true;
        }
    }
    $same = shape($l) === shape($f);
    echo str_pad($what, 30), $same ? 'same' : "DIFFERENT\n  laravel:   " . shape($l) . "\n  fastqueue: " . shape($f), "\n";
}

$data = ['text' => "é ü / \"q\" \\ \t", 'n' => 12, 'f' => 1.5, 'whole' => 2.0, 'none' => null, 'yes' => true,
    'list' => [1, 2], 'empty' => [], 'map' => ['k' => 'v']];
$cases = [
    'string job, array data' => ['App\\Jobs\\Foo@handle', $data],
    'no method, no data' => ['App\\Jobs\\Bar', ''],
    'scalar data' => ['App\\Jobs\\Baz@run', 42],
];
foreach ($cases as $what => [$job, $payloadData]) {
    $laravel->push($job, $payloadData, $L);
    $fq->push($job, $payloadData, $F);
    compare("push: $what", fq_raw()->cmd('RPOP', "queues:$L"), fq_raw()->cmd('RPOP', "queues:$F"));
}

$laravel->later(30, 'App\\Jobs\\Later@handle', $data, $L);
$fq->later(30, 'App\\Jobs\\Later@handle', $data, $F);
[$l, $ls] = fq_raw()->cmd('ZRANGE', "queues:$L:delayed", '0', '-1', 'WITHSCORES');
[$f, $fs] = fq_raw()->cmd('ZRANGE', "queues:$F:delayed", '0', '-1', 'WITHSCORES');
compare('later', $l, $f);
var_dump(abs($ls - $fs) <= 1);

$laravel->bulk(['App\\Jobs\\One@handle', 'App\\Jobs\\Two'], ['b' => 1], $L);
$fq->bulk(['App\\Jobs\\One@handle', 'App\\Jobs\\Two'], ['b' => 1], $F);
$ls = fq_raw()->cmd('LRANGE', "queues:$L", '0', '-1');
$fs = fq_raw()->cmd('LRANGE', "queues:$F", '0', '-1');
var_dump(count($ls), count($fs));
compare('bulk, first', $ls[0], $fs[0]);
compare('bulk, second', $ls[1], $fs[1]);
var_dump(fq_raw()->cmd('LLEN', "queues:$L:notify") === fq_raw()->cmd('LLEN', "queues:$F:notify"));
echo "fields only this Laravel writes: ", implode(', ', array_keys($only_laravel)) ?: 'none', "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../inc/config.inc'; if (fq_test_port()) { fq_clean('lv009L'); fq_clean('lv009F'); } ?>
--EXPECTF--
push: string job, array data  same
push: no method, no data      same
push: scalar data             same
later                         same
bool(true)
int(2)
int(2)
bulk, first                   same
bulk, second                  same
bool(true)
fields only this Laravel writes: %s
