--TEST--
Laravel: Laravel's size() and FastQueue's size counters agree on a queue both sides filled
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel.inc'; fq_skip_unless_laravel(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/laravel.inc';

$name = 'lv005';
fq_clean($name);
$laravel = fq_laravel_queue($name);
$fq = fq_queue(['queue' => $name]);

function sizes(): void
{
    global $laravel, $fq, $name;
    $parts = [$fq->pendingSize(), $fq->delayedSize(), $fq->reservedSize()];
    $raw = [fq_raw()->cmd('LLEN', "queues:$name"), fq_raw()->cmd('ZCARD', "queues:$name:delayed"),
        fq_raw()->cmd('ZCARD', "queues:$name:reserved")];
    printf("laravel=%d fastqueue=%d pending+delayed+reserved=%s=%d %s\n", $laravel->size(), $fq->size(),
        implode('+', $parts), array_sum($parts), $parts === $raw ? 'as in Redis' : 'NOT as in Redis ' . implode('+', $raw));
}

sizes();
$laravel->push('App\\Jobs\\A@handle', [1]);
$laravel->bulk(['App\\Jobs\\B@handle', 'App\\Jobs\\C@handle']);
$fq->push('App\\Jobs\\D@handle', [2]);
$fq->bulk(['App\\Jobs\\E@handle', 'App\\Jobs\\F@handle']);
sizes();
$laravel->later(60, 'App\\Jobs\\G@handle');
$fq->later(60, 'App\\Jobs\\H@handle');
$fq->later(120, 'App\\Jobs\\I@handle');
sizes();
$fj = $fq->pop();
$lj = $laravel->pop();
sizes();
$fj->delete();
$lj->release(60);
sizes();
var_dump($laravel->size($name) === $fq->size($name), $laravel->size('lv005other'), $fq->size('lv005other'));
?>
--CLEAN--
<?php require __DIR__ . '/../inc/config.inc'; if (fq_test_port()) fq_clean('lv005'); ?>
--EXPECT--
laravel=0 fastqueue=0 pending+delayed+reserved=0+0+0=0 as in Redis
laravel=6 fastqueue=6 pending+delayed+reserved=6+0+0=6 as in Redis
laravel=9 fastqueue=9 pending+delayed+reserved=6+3+0=9 as in Redis
laravel=9 fastqueue=9 pending+delayed+reserved=4+3+2=9 as in Redis
laravel=8 fastqueue=8 pending+delayed+reserved=4+4+0=8 as in Redis
bool(true)
int(0)
int(0)
