--TEST--
Worker options: sleep, rest, timeout_grace and timeout are at most one year, backoff at most ten years (a ValueError naming the option); the largest values are accepted
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/config.inc';
$q = fq_queue(['queue' => 'w041']);
$year = 365 * 86400;
$cases = [
    ['sleep' => $year], ['sleep' => $year + 0.5], ['sleep' => 1e300], ['sleep' => PHP_INT_MAX],
    ['rest' => $year], ['rest' => $year + 1], ['rest' => 1e19],
    ['timeout_grace' => $year], ['timeout_grace' => $year + 0.001], ['timeout_grace' => 1e300], ['timeout_grace' => INF],
    ['timeout' => $year], ['timeout' => $year + 1], ['timeout' => PHP_INT_MAX],
    ['backoff' => 10 * $year], ['backoff' => 10 * $year + 1], ['backoff' => PHP_INT_MAX],
    ['backoff' => [1, 10 * $year]], ['backoff' => [1, PHP_INT_MAX]],
    // No arithmetic on these can overflow: their whole range stays accepted.
    ['max_time' => PHP_INT_MAX], ['max_jobs' => PHP_INT_MAX], ['memory' => intdiv(PHP_INT_MAX, 1048576)],
    ['memory' => intdiv(PHP_INT_MAX, 1048576) + 1],
];
foreach ($cases as $opts) {
    $k = array_key_first($opts);
    $label = "$k => " . str_replace("\n", '', var_export($opts[$k], true));
    try {
        new FastQueue\Worker($q, null, $opts);
        echo "$label: accepted\n";
    } catch (ValueError $e) {
        echo "$label: ValueError", str_contains($e->getMessage(), "\"$k\"") ? '' : ' NOT NAMING IT', "\n";
    }
}
foreach ([['sleep' => 1e300], ['timeout_grace' => 0], ['backoff' => PHP_INT_MAX], ['backoff' => [1, -1]]] as $opts) {
    try {
        new FastQueue\Worker($q, null, $opts);
    } catch (ValueError $e) {
        echo $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
sleep => 31536000: accepted
sleep => 31536000.5: ValueError
sleep => 1.0E+300: ValueError
sleep => 9223372036854775807: ValueError
rest => 31536000: accepted
rest => 31536001: ValueError
rest => 1.0E+19: ValueError
timeout_grace => 31536000: accepted
timeout_grace => 31536000.001: ValueError
timeout_grace => 1.0E+300: ValueError
timeout_grace => INF: ValueError
timeout => 31536000: accepted
timeout => 31536001: ValueError
timeout => 9223372036854775807: ValueError
backoff => 315360000: accepted
backoff => 315360001: ValueError
backoff => 9223372036854775807: ValueError
backoff => array (  0 => 1,  1 => 315360000,): accepted
backoff => array (  0 => 1,  1 => 9223372036854775807,): ValueError
max_time => 9223372036854775807: accepted
max_jobs => 9223372036854775807: accepted
memory => 8796093022207: accepted
memory => 8796093022208: ValueError
FastQueue\Worker::__construct(): Argument #3 ($options) option "sleep" must be a finite number between 0 and 31536000
FastQueue\Worker::__construct(): Argument #3 ($options) option "timeout_grace" must be greater than 0
FastQueue\Worker::__construct(): Argument #3 ($options) option "backoff" must be between 0 and 315360000
FastQueue\Worker::__construct(): Argument #3 ($options) option "backoff" must hold only integers between 0 and 315360000
