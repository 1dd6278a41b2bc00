<?php

namespace FastQueue\Laravel\Console;

use FastQueue\Laravel\Fast\ConsoleLine;
use FastQueue\Laravel\Fast\SourceFingerprint;
use FastQueue\Laravel\Fast\TerminalWidth;
use Illuminate\Contracts\Config\Repository as Config;
use Illuminate\Contracts\Queue\Job;
use Illuminate\Queue\Console\WorkCommand as QueueWorkCommand;
use Illuminate\Support\Carbon;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * fastqueue:work's own job lines (WorkCommand::writeOutput): the line queue:work's
 * writeOutput() writes for a job and a status, byte for byte, without its formatter: composed
 * without style tags and written raw, once, through the same output (so -q and the output's own
 * state behave as there). Only for a known format (LINE_FORMATS), on output that is not
 * decorated (no ANSI), without a Carbon test time, without --json, with the time in the
 * application's timezone (no other queue.output_timezone), a run under a second, and names and
 * ids that the formatter would print as they are (no "<", ">", NUL, or trailing backslash).
 */
final class JobLine
{
    /**
     * The job-line formats this class can print, by the fingerprint of queue:work's methods
     * that print them (SourceFingerprint of writeOutput, writeStatus, writeOutputForCli, now,
     * formatRunTime, runTimeForHumans, outputUsingJson): 8.83's Processing/Processed lines,
     * 10's (10.23 to 10.50) and 11's (11.56, 11.57) RUNNING/DONE lines, 12's (12.68, 12.72:
     * with the connection and queue under -v), 13.26's and 13.31's (and the memory under -v on
     * the finished line), 13.42's (and RELEASED for a job that released itself). Another
     * version prints through its own methods.
     */
    private const LINE_FORMATS = [
        '057e247f6555' => '8',
        '3aef90ce0965' => '10',
        'd07f83274679' => '11',
        '93da7c7b8a8e' => '12',
        'e2f6fd908026' => '13',
        'e1f058422906' => '13.42',
    ];

    /** The job of the last line, with its name and id, and whether both print as they are. */
    private ?Job $lineJob = null;
    private string $lineName = '';
    private string $lineId = '';
    private bool $linePlain = false;

    /** The console writer of the job lines (ConsoleLine), false where writeln must write them. */
    private ConsoleLine|false $console;

    /** The date and time of the lines, as written for the second $dateSecond in $dateZone. */
    private string $date = '';
    private int $dateSecond = 0;
    private string $dateZone = '';

    /** The width the RUNNING/DONE lines are padded to, as terminal()->width() gives it. */
    private ?TerminalWidth $width = null;

    /**
     * When the RUNNING line this class wrote last started (microtime), null when queue:work's
     * own methods wrote the job's first line (their time is the command's latestStartedAt).
     */
    private ?float $started = null;

    /**
     * The start of a RUNNING line just written, for the command's latestStartedAt (which
     * queue:work's own methods read should they write the job's finished line); the command
     * takes it and sets it back to null.
     */
    public ?float $startedAt = null;

    /**
     * @param  string  $format  the format of LINE_FORMATS the running queue:work prints, ''
     *                          for none (knownFormat(), '' under --json)
     */
    public function __construct(
        private OutputInterface $output,
        private string $format,
        private Config $config,
    ) {
        $this->console = ConsoleLine::for($output) ?? false;
    }

    /** The format of LINE_FORMATS the running queue:work prints, '' when it is none of them. */
    public static function knownFormat(): string
    {
        $fingerprint = SourceFingerprint::methods(QueueWorkCommand::class, ['writeOutput', 'writeStatus', 'writeOutputForCli', 'now', 'formatRunTime', 'runTimeForHumans', 'outputUsingJson']);

        return self::LINE_FORMATS[substr(sha1($fingerprint), 0, 12)] ?? '';
    }

    /** Writes the line for $job and $status; false: not written (queue:work's methods must). */
    public function write(Job $job, string $status): bool
    {
        $format = $this->format;
        $console = $this->console;
        if ($format === '' || ($console ? $console->isDecorated() : $this->output->isDecorated()) || Carbon::hasTestNow()
            || ($format !== '8' && ! $this->outputInAppTimezone())) {
            $this->started = null;

            return false;
        }
        // A job's name and id do not change between its lines: read once per job.
        if ($this->lineJob !== $job) {
            $this->lineJob = $job;
            $this->lineName = (string) $job->resolveName();
            $this->lineId = (string) $job->getJobId();
            $this->linePlain = self::plainText($this->lineName) && self::plainText($this->lineId);
        }
        if (! $this->linePlain) {
            $this->started = null;

            return false;
        }
        [$name, $id] = [$this->lineName, $this->lineId];
        $date = $this->lineDate();
        if ($format === '8') {
            $word = ['starting' => 'Processing', 'success' => 'Processed', 'failed' => 'Failed'][$status] ?? null;
            if ($word === null) {
                return false;
            }
            $this->writeRaw(sprintf('[%s][%s] %s %s', $date, $id, str_pad($word.':', 11), $name));

            return true;
        }

        $verbose = $this->output->isVerbose();
        if ($format >= '12') {
            $connection = (string) $job->getConnectionName();
            $queue = (string) $job->getQueue();
            if ($verbose && (! self::plainText($connection) || ! self::plainText($queue))) {
                $this->started = null;

                return false;
            }
            $line = $verbose ? "  $date $name $id $connection $queue" : rtrim("  $date $name ");
            $extra = $verbose ? mb_strlen($id) + mb_strlen($connection) + mb_strlen($queue) + 2 : 0;
        } else {
            $line = "  $date $name".($verbose ? " $id" : '');
            $extra = $verbose ? mb_strlen($id) + 1 : 0;
        }
        $width = ($this->width ??= new TerminalWidth)();
        if ($status === 'starting') {
            $this->started = $this->startedAt = microtime(true);
            $dots = max($width - mb_strlen($name) - $extra - 33, 0);
            $this->writeRaw($line.' '.str_repeat('.', $dots).' RUNNING');

            return true;
        }
        if ($this->started === null) {
            return false;
        }
        $ms = (microtime(true) - $this->started) * 1000;
        if ($ms > 1000) {
            return false;
        }
        $runTime = number_format($ms, 2).'ms';
        // 13: the process's memory beside the run time under -v, as Laravel rounds it.
        $memory = $format >= '13' && $verbose ? round(memory_get_usage(true) / 1024 / 1024, 1).'MB' : '';
        if ($memory !== '') {
            $extra += mb_strlen($memory) + 1;
        }
        $result = self::resultWord($format, $status, $job);
        $dots = max($width - mb_strlen($name) - $extra - mb_strlen($runTime) - mb_strlen($result) - 27, 0);
        $this->writeRaw($line.' '.str_repeat('.', $dots)." $runTime".($memory !== '' ? " $memory" : '')." $result");

        return true;
    }

    /** writeln($line, OUTPUT_RAW) on the command's output. */
    private function writeRaw(string $line): void
    {
        if ($this->console) {
            $this->console->write($line);
        } else {
            $this->output->writeln($line, OutputInterface::OUTPUT_RAW);
        }
    }

    /** date('Y-m-d H:i:s'), formatted once per second (and again if the default timezone changes). */
    private function lineDate(): string
    {
        $second = time();
        $zone = date_default_timezone_get();
        if ($second !== $this->dateSecond || $zone !== $this->dateZone) {
            [$this->dateSecond, $this->dateZone, $this->date] = [$second, $zone, date('Y-m-d H:i:s', $second)];
        }

        return $this->date;
    }

    /** The word that ends a finished job's line: 13.42 tells a job that released itself apart. */
    private static function resultWord(string $format, string $status, Job $job): string
    {
        if ($status !== 'success') {
            return 'FAIL';
        }

        return $format === '13.42' && $job->isReleased() ? 'RELEASED' : 'DONE';
    }

    /** Text Symfony's formatter prints unchanged when not decorated. */
    private static function plainText(string $text): bool
    {
        return strpbrk($text, "<>\0") === false && ! str_ends_with($text, '\\');
    }

    /** queue:work's now() is Carbon::now(): no queue.output_timezone other than app.timezone. */
    private function outputInAppTimezone(): bool
    {
        $zone = $this->config->get('queue.output_timezone');

        return ! $zone || $zone === $this->config->get('app.timezone');
    }
}
