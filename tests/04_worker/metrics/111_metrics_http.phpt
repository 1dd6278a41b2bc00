--TEST--
metrics_listen: scrapes while jobs run see the counts go up (a fresh render each), GET / and /metrics, HEAD, 404, 405, 400, and a bare port binds 127.0.0.1 only
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/metrics_export.inc';
$name = 'w111';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$port = fq_free_port();

// A long interval: what a scrape shows is rendered for it, not the interval's snapshot.
$c = fqm_worker($name, ['metrics_listen' => (string) $port, 'metrics_interval' => 3600]);
fqm_ready($c);
fqm_push($q, $name, 6, 0.4);
$counts = [];
$running = 0;
for ($t = microtime(true); microtime(true) - $t < (fq_slow() ? 8 : 2.4); usleep(150000)) {
    $body = fqm_get($port);
    if ($body === false || !fqm_whole($body)) {
        echo "a scrape failed: ", var_export(substr((string) $body, -200), true), "\n";
        continue;
    }
    $counts[] = (int) fqm_sample($body, 'fastqueue_jobs_total', ['outcome' => 'processed']);
    $running += (int) fqm_sample($body, 'fastqueue_jobs_running');
}
$sorted = $counts;
sort($sorted);
echo 'scrapes while running: ', count($counts) >= 8 ? 'at least 8' : count($counts),
    ', counts never go down: ', $sorted === $counts ? 'yes' : 'no ' . implode(',', $counts),
    ', distinct: ', count(array_unique($counts)) >= 3 ? 'at least 3' : implode(',', array_unique($counts)),
    ', some with a job running: ', $running > 0 ? 'yes' : 'no', "\n";

$r = fqm_http($port, "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
[$head, $body] = explode("\r\n\r\n", $r, 2) + ['', ''];
preg_match('/\r\nContent-Length: (\d+)/', $head, $m);
echo 'GET /metrics: ', fqm_head($r), ' | length ', ($m[1] ?? -1) == strlen($body) ? 'right' : 'wrong', ' | ', fqm_whole($body) ? 'whole' : 'not whole', "\n";
echo 'its body by the grammar: ', fqm_grammar($body), "\n";
$r = fqm_http($port, "GET / HTTP/1.0\r\n\r\n");
echo 'GET /: ', fqm_head($r), ' | ', fqm_whole(explode("\r\n\r\n", $r, 2)[1] ?? '') ? 'whole' : 'not whole', "\n";
echo 'GET /metrics?x=1: ', fqm_head(fqm_http($port, "GET /metrics?x=1 HTTP/1.1\r\n\r\n")), "\n";
$r = fqm_http($port, "HEAD /metrics HTTP/1.1\r\n\r\n");
echo 'HEAD: ', fqm_head($r), ' | body ', strlen(explode("\r\n\r\n", $r, 2)[1] ?? 'x'), "\n";
echo '404: ', fqm_head(fqm_http($port, "GET /other HTTP/1.1\r\n\r\n")), "\n";
echo '405: ', fqm_head(fqm_http($port, "POST /metrics HTTP/1.1\r\nContent-Length: 0\r\n\r\n")), "\n";
echo '400: ', fqm_head(fqm_http($port, "garbage\r\n\r\n")), "\n";
echo '400: ', fqm_head(fqm_http($port, "GET /metrics\r\n\r\n")), "\n";
echo '400: ', fqm_head(fqm_http($port, str_repeat('x', 20000))), "\n";

// The bare port is bound on 127.0.0.1: its connections come from there, and another loopback
// address (which a socket bound to every address would accept) is refused.
$s = stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 5);
echo 'bound on: ', preg_replace('/:\d+$/', ':PORT', stream_socket_get_name($s, true)), "\n";
fclose($s);
$other = @stream_socket_client("tcp://127.0.0.2:$port", $errno, $errstr, 2);
echo '127.0.0.2: ', $other ? 'connected' : 'refused', "\n";

$c->signal(SIGTERM);
$r = $c->wait(20);
echo trim($r['stdout']), "\n", $r['stderr'];
echo 'after the run: ', fqm_get($port) === false ? 'nothing listens' : 'still served', "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w111'); ?>
--EXPECTF--
scrapes while running: at least 8, counts never go down: yes, distinct: at least 3, some with a job running: yes
GET /metrics: HTTP/1.1 200 OK | Content-Type: text/plain; version=0.0.4; charset=utf-8 | Connection: close | length right | whole
its body by the grammar: ok
GET /: HTTP/1.1 200 OK | Content-Type: text/plain; version=0.0.4; charset=utf-8 | Connection: close | whole
GET /metrics?x=1: HTTP/1.1 200 OK | Content-Type: text/plain; version=0.0.4; charset=utf-8 | Connection: close
HEAD: HTTP/1.1 200 OK | Content-Type: text/plain; version=0.0.4; charset=utf-8 | Connection: close | body 0
404: HTTP/1.1 404 Not Found | Content-Type: text/plain; charset=utf-8 | Connection: close
405: HTTP/1.1 405 Method Not Allowed | Content-Type: text/plain; charset=utf-8 | Allow: GET, HEAD | Connection: close
400: HTTP/1.1 400 Bad Request | Content-Type: text/plain; charset=utf-8 | Connection: close
400: HTTP/1.1 400 Bad Request | Content-Type: text/plain; charset=utf-8 | Connection: close
400: HTTP/1.1 400 Bad Request | Content-Type: text/plain; charset=utf-8 | Connection: close
bound on: 127.0.0.1:PORT
127.0.0.2: refused
ready
stopped 0
after the run: nothing listens
