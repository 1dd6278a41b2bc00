<?php

namespace FastQueue\Laravel\Dashboard\Http;

use FastQueue\Laravel\Dashboard\Failed\FailedJobs;
use Illuminate\Contracts\Config\Repository;
use Illuminate\Contracts\View\Factory as ViewFactory;
use Illuminate\Contracts\View\View;
use Illuminate\Http\JsonResponse;
use Illuminate\Http\RedirectResponse;
use Illuminate\Http\Request;

/**
 * The failed jobs' pages, their JSON and their actions (retry and forget: POST, CSRF,
 * manageFastQueue), over Failed\FailedJobs.
 */
class FailedJobsController
{
    /** The most ids one POST may name: a bigger selection is a retry of what matches. */
    private const MAX_IDS = 1000;

    public function __construct(private FailedJobs $failed, private Repository $config, private ViewFactory $views)
    {
    }

    public function index(Request $request): View
    {
        $filter = self::filter($request);

        return $this->views->make('fastqueue::failed.index', [
            'list' => $this->failed->page($filter, self::pageNumber($request), $this->perPage()),
            'filter' => $filter,
        ]);
    }

    public function show(string $id): View
    {
        $job = $this->failed->find($id);
        if ($job === null) {
            abort(404);
        }

        return $this->views->make('fastqueue::failed.show', ['job' => $job]);
    }

    public function apiIndex(Request $request): JsonResponse
    {
        return self::json($this->failed->page(self::filter($request), self::pageNumber($request), $this->perPage()));
    }

    public function apiShow(string $id): JsonResponse
    {
        $job = $this->failed->find($id);

        return $job === null ? self::json(['message' => 'No failed job has this id.'], 404) : self::json($job);
    }

    /** ids[]: those; else matching=1: every job the filter (queue, class, exception) matches. */
    public function retry(Request $request): RedirectResponse
    {
        $ids = self::ids($request);
        if ($ids !== []) {
            $counts = $this->failed->retry($ids);
        } elseif ($request->input('matching') === '1') {
            $counts = $this->failed->retryMatching(self::filter($request));
        } else {
            return $this->back($request, 'No failed job was selected.');
        }

        return $this->back($request, self::sentence($counts['retried'], 'pushed back onto its queue', 'pushed back onto their queues')
            . self::others($counts['missing'], 'already gone') . self::others($counts['busy'], 'being retried by another request'));
    }

    public function forget(Request $request): RedirectResponse
    {
        $ids = self::ids($request);
        if ($ids === []) {
            return $this->back($request, 'No failed job was selected.');
        }
        $counts = $this->failed->forget($ids);

        return $this->back($request, self::sentence($counts['forgotten'], 'forgotten', 'forgotten') . self::others($counts['missing'], 'already gone'));
    }

    /** @return array<string, string> */
    private static function filter(Request $request): array
    {
        $filter = [];
        foreach (['queue', 'class', 'exception'] as $key) {
            $value = $request->input($key);
            if (is_string($value) && trim($value) !== '' && strlen($value) <= 1000) {
                $filter[$key] = trim($value);
            }
        }

        return $filter;
    }

    /** @return list<string> */
    private static function ids(Request $request): array
    {
        $ids = $request->input('ids');
        if (! is_array($ids) || count($ids) > self::MAX_IDS) {
            return [];
        }

        return array_values(array_filter($ids, fn ($id) => is_string($id) && $id !== '' && strlen($id) <= 255));
    }

    private static function pageNumber(Request $request): int
    {
        $page = $request->query('page');

        return is_string($page) && ctype_digit($page) ? max(1, min((int) $page, 1000000)) : 1;
    }

    private function perPage(): int
    {
        return max(1, min(500, (int) $this->config->get('fastqueue.dashboard.per_page', 50)));
    }

    /** Back to the list, with its filter, and the outcome in the status line. */
    private function back(Request $request, string $status): RedirectResponse
    {
        if ($request->hasSession()) {
            $request->session()->flash('fastqueue.status', $status);
        }

        return new RedirectResponse(route('fastqueue.failed.index', self::filter($request)), 303);
    }

    private static function sentence(int $n, string $one, string $many): string
    {
        return $n === 1 ? "1 failed job $one." : "$n failed jobs $many.";
    }

    private static function others(int $n, string $what): string
    {
        return $n === 0 ? '' : " $n $what.";
    }

    /** @param array<string, mixed> $body */
    private static function json(array $body, int $status = 200): JsonResponse
    {
        return new JsonResponse($body, $status, ['Cache-Control' => 'no-store'], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
    }
}
