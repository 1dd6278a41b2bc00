--TEST--
A malformed url or an unsupported scheme is a ValueError naming the url option, never echoing the password
--EXTENSIONS--
fastqueue
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
$urls = [
    'garbage',
    '',
    'http://127.0.0.1:6379',
    'redis://',
    'redis:///3',
    'redis://:Top5ecret@127.0.0.1:6379/abc',
    'redis://127.0.0.1:6379/-1',
    'redis://127.0.0.1:6379/1x',
    'unix://',
];
foreach ($urls as $url) {
    $msg = fq_try(fn() => new FastQueue\RedisQueue(['url' => $url]));
    echo json_encode($url), ': ', $msg, "\n";
    if (str_contains($msg, 'Top5ecret')) {
        echo "  LEAKS THE PASSWORD\n";
    }
}
echo fq_try(fn() => new FastQueue\RedisQueue(['url' => 6379])), "\n";
echo fq_try(fn() => new FastQueue\RedisQueue(['url' => ['redis://127.0.0.1']])), "\n";
?>
--EXPECT--
"garbage": ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "url" must look like redis[s]://[user:pass@]host[:port][/db] or unix:///path.sock
"": ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "url" must look like redis[s]://[user:pass@]host[:port][/db] or unix:///path.sock
"http:\/\/127.0.0.1:6379": ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "url" has unsupported scheme "http" (redis://, rediss:// or unix://)
"redis:\/\/": ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "url" must look like redis[s]://[user:pass@]host[:port][/db] or unix:///path.sock
"redis:\/\/\/3": ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "url" must look like redis[s]://[user:pass@]host[:port][/db] or unix:///path.sock
"redis:\/\/:Top5ecret@127.0.0.1:6379\/abc": ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "url" has a database that is not a number >= 0
"redis:\/\/127.0.0.1:6379\/-1": ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "url" has a database that is not a number >= 0
"redis:\/\/127.0.0.1:6379\/1x": ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "url" has a database that is not a number >= 0
"unix:\/\/": ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "url" must look like redis[s]://[user:pass@]host[:port][/db] or unix:///path.sock
TypeError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "url" must be of type ?string, int given
TypeError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "url" must be of type ?string, array given
