--TEST--
Laravel: Laravel's clear() and FastQueue's count the same jobs and leave no keys
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel.inc'; fq_skip_unless_laravel(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/laravel.inc';

// Two queues filled the same way (pending, delayed, reserved, notifications); Laravel clears
// one, FastQueue the other.
$L = 'lv007L';
$F = 'lv007F';
$laravel = fq_laravel_queue('lv007');
$fq = fq_queue(['queue' => 'lv007']);

function fill(string $queue): void
{
    global $laravel, $fq;
    fq_clean($queue);
    $laravel->push('App\\Jobs\\A@handle', ['q' => $queue], $queue);
    $fq->push('App\\Jobs\\B@handle', ['q' => $queue], $queue);
    $laravel->bulk(['App\\Jobs\\C@handle', 'App\\Jobs\\D@handle'], '', $queue);
    $laravel->later(60, 'App\\Jobs\\E@handle', '', $queue);
    $fq->later(60, 'App\\Jobs\\F@handle', '', $queue);
    $laravel->pop($queue);
    $fq->pop($queue);
}

function keys(string $queue): int
{
    return fq_raw()->cmd('EXISTS', "queues:$queue", "queues:$queue:delayed", "queues:$queue:reserved", "queues:$queue:notify");
}

fill($L);
fill($F);
var_dump(keys($L), keys($F), $laravel->size($L), $fq->size($F));
$fromLaravel = $laravel->clear($L);
$fromFastQueue = $fq->clear($F);
var_dump($fromLaravel, $fromFastQueue);
var_dump(keys($L), keys($F));

echo "cleared by the other side\n";
fill($L);
fill($F);
var_dump($fq->clear($L), $laravel->clear($F), keys($L), keys($F));

echo "empty queues\n";
var_dump($laravel->clear($L), $fq->clear($F));
?>
--CLEAN--
<?php require __DIR__ . '/../inc/config.inc'; if (fq_test_port()) { fq_clean('lv007L'); fq_clean('lv007F'); } ?>
--EXPECT--
int(4)
int(4)
int(6)
int(6)
int(6)
int(6)
int(0)
int(0)
cleared by the other side
int(6)
int(6)
int(0)
int(0)
empty queues
int(0)
int(0)
