--TEST--
The fast paths of fastqueue:work apply on the running Laravel: its queue:work's job-line format, its console output's writeln and its reset-scope closure are known ones (by fingerprint), the CallQueuedHandler is reused and reads each class's traits once, queue:work's output listeners write the job lines without their events, and an event nobody listens to is not built; a Laravel release whose code differs fails here rather than running Laravel's slower code unnoticed
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'known037']);
echo $app->run(<<<'PHP'
use FastQueue\Laravel\Console\JobLine;
use FastQueue\Laravel\Fast\{CachedTraitsHandler, ConsoleLine, EventShortcut, HandlerReuse, ScopeReset};
use Illuminate\Queue\Events\{JobProcessed, JobProcessing};

$format = JobLine::knownFormat();
echo 'job lines: ', $format === '' ? "Laravel's own (queue:work's methods match no known format)" : 'known', "\n";

$style = new Illuminate\Console\OutputStyle(new Symfony\Component\Console\Input\ArrayInput([]), new Symfony\Component\Console\Output\ConsoleOutput());
echo 'console line: ', ConsoleLine::for($style) === null ? "Laravel's writeln (its code matches no known one)" : 'known', "\n";

$laravel = (fn () => $this->resetScope)->call(app('queue.worker'));
echo 'scope reset: ', ScopeReset::for(Closure::fromCallable($laravel), app()) === $laravel ? "Laravel's own closure (not a known one)" : 'known', "\n";

// As the worker's jobs ask for it: the first makes the bus dispatcher (a deferred provider's).
$handlers = new HandlerReuse(app());
$make = fn () => app()->make(HandlerReuse::HANDLER);
$first = $handlers->resolve(HandlerReuse::HANDLER, $make);
$second = $handlers->resolve(HandlerReuse::HANDLER, $make);
echo 'handler: ', $handlers->resolve(HandlerReuse::HANDLER, $make) === $second ? 'reused' : 'built per job', "\n";
echo 'handler traits: ', $second instanceof CachedTraitsHandler ? 'read once per class' : "Laravel's (its code matches no known one)", "\n";

// queue:work's own output listeners, as fastqueue:work notes them.
$before = EventShortcut::snapshot(app('events'));
$command = new Illuminate\Queue\Console\WorkCommand(app('queue.worker'), app('cache.store'));
$command->setLaravel(app());
(fn () => $this->listenForEvents())->call($command);
$own = new EventShortcut(app('events'));
$own->ownSince($before);
echo 'job-line events: ', $own->line(JobProcessing::class) && $own->line(JobProcessed::class) ? 'written without the event' : 'dispatched', "\n";

// Looping, which nobody listens to here (JobProcessing and JobProcessed have the exception
// page's listeners in debug mode from 12 on), as after the first round: its dispatch() matched
// the wildcard listeners against it.
app('events')->getListeners(Illuminate\Queue\Events\Looping::class);
echo 'events: ', (new EventShortcut(app('events')))->route(Illuminate\Queue\Events\Looping::class) === null ? 'not built' : 'dispatched', "\n";
PHP);
?>
--EXPECT--
job lines: known
console line: known
scope reset: known
handler: reused
handler traits: read once per class
job-line events: written without the event
events: not built
