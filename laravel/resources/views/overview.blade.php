@extends('fastqueue::layout')
@php
    $F = \FastQueue\Laravel\Dashboard\Http\Format::class;
    $now = (float) ($overview['generated_at'] ?? microtime(true));
    $totals = $overview['totals'] ?? [];
    $longest = $totals['longest_wait'] ?? null;
    $history = $overview['history'] ?? [];
@endphp

@section('title', 'Overview')

@section('content')
<div id="fq-page" data-page="overview" data-api="{{ route('fastqueue.api.overview') }}" data-refresh="{{ $refresh }}"
     data-pause-url="{{ $pauseReason === null ? route('fastqueue.queues.pause', ['connection' => 'CONNECTION', 'queue' => 'QUEUE']) : '' }}"
     data-resume-url="{{ $pauseReason === null ? route('fastqueue.queues.resume', ['connection' => 'CONNECTION', 'queue' => 'QUEUE']) : '' }}">
<h1>Overview</h1>

<p id="fq-stale" class="status stale" role="status" @if (empty($overview['stale'])) hidden @endif>
    <strong>The figures are stale.</strong> <span data-fq="stale_reason">{{ $overview['stale_reason'] ?? '' }}</span>
    Last publication: <span data-fq="last_publication">{{ $F::ago($overview['last_publication'] ?? null, $now) }}</span>.
</p>
<p class="muted" aria-live="off">Updated <span id="fq-updated" data-generated="{{ $overview['generated_at'] }}">just now</span><span id="fq-refresh-error"></span>;
    refreshed every {{ $refresh }} s.</p>

<h2 id="fq-totals-title">Totals</h2>
<dl class="cards" aria-labelledby="fq-totals-title">
    <div><dt>Jobs per minute</dt><dd data-fq="jobs_per_minute">{{ $F::rate($totals['jobs_per_minute'] ?? null) }}</dd></div>
    <div><dt>Failed per minute</dt><dd data-fq="failed_per_minute">{{ $F::rate($totals['failed_per_minute'] ?? null) }}</dd></div>
    <div><dt>Worker processes</dt><dd data-fq="processes">{{ $F::count($totals['processes'] ?? null) }}</dd></div>
    <div><dt>Longest wait</dt><dd data-fq="longest_wait">{{ $F::seconds($longest['seconds'] ?? null) }}</dd>
        <dd class="muted" data-fq="longest_wait_queue">{{ $longest === null ? '' : $longest['connection'].':'.$longest['queue'] }}</dd></div>
</dl>

<h2 id="fq-chart-title">Jobs per interval</h2>
<figure class="chart" aria-labelledby="fq-chart-title">
    <svg viewBox="0 0 300 100" preserveAspectRatio="none" role="img" aria-label="Jobs processed per interval over the last {{ $F::seconds($history['window'] ?? null) }}">
        <polyline id="fq-chart-processed" fill="none" stroke="#1f5fbf" stroke-width="1.5" vector-effect="non-scaling-stroke" points="{{ $F::chart($overview['points'] ?? []) }}"/>
        <polyline id="fq-chart-failed" fill="none" stroke="#a4262c" stroke-width="1.5" vector-effect="non-scaling-stroke" points="{{ $F::chart($overview['points'] ?? [], 'failed') }}"/>
    </svg>
    <figcaption class="muted">Processed (blue) and failed (red) per {{ $F::seconds($history['interval'] ?? null) }},
        over <span data-fq="window">{{ $F::seconds($history['window'] ?? null) }}</span>
        (<span data-fq="snapshots">{{ $F::count($history['snapshots'] ?? null) }}</span> snapshots kept).</figcaption>
</figure>

<h2 id="fq-queues-title">Queues</h2>
@if ($pauseReason !== null)
<p class="muted" id="fq-pause-reason">{{ $pauseReason }}</p>
@endif
<div class="table-wrap" role="region" aria-labelledby="fq-queues-title" tabindex="0">
<table id="fq-queues">
    <caption>Waits and run times are percentiles read from the workers' histograms: within a bucket the
        value is interpolated, so it is an estimate bounded by the bucket's edges.</caption>
    <thead>
    <tr>
        <th scope="col">Connection</th><th scope="col">Queue</th><th scope="col">State</th>
        <th scope="col" class="num">Pending</th><th scope="col" class="num">Delayed</th><th scope="col" class="num">Reserved</th>
        <th scope="col" class="num">Jobs/min</th><th scope="col" class="num">Failed/min</th>
        <th scope="col" class="num">Wait p50</th><th scope="col" class="num">Wait p95</th>
        <th scope="col" class="num">Run p50</th><th scope="col" class="num">Run p95</th>
        <th scope="col" class="num">Oldest pending</th>
        @if ($pauseReason === null)<th scope="col">Action</th>@endif
    </tr>
    </thead>
    <tbody>
    @forelse ($overview['queues'] ?? [] as $queue)
    <tr data-queue="{{ $queue['connection'] }}:{{ $queue['queue'] }}">
        <td>{{ $queue['connection'] }}</td>
        <th scope="row" class="wrap-text">{{ $queue['queue'] }}</th>
        <td>@if ($queue['paused'] === true)<span class="tag paused">paused</span>@elseif ($queue['paused'] === false)<span class="tag">running</span>@else{{ $F::UNKNOWN }}@endif</td>
        <td class="num">{{ $F::count($queue['pending'] ?? null) }}</td>
        <td class="num">{{ $F::count($queue['delayed'] ?? null) }}</td>
        <td class="num">{{ $F::count($queue['reserved'] ?? null) }}</td>
        <td class="num">{{ $F::rate($queue['throughput_per_minute'] ?? null) }}</td>
        <td class="num">{{ $F::rate($queue['failed_per_minute'] ?? null) }}</td>
        <td class="num">{{ $F::seconds($queue['wait_p50'] ?? null) }}</td>
        <td class="num">{{ $F::seconds($queue['wait_p95'] ?? null) }}</td>
        <td class="num">{{ $F::seconds($queue['run_p50'] ?? null) }}</td>
        <td class="num">{{ $F::seconds($queue['run_p95'] ?? null) }}</td>
        <td class="num">{{ $F::seconds($queue['oldest_pending_seconds'] ?? null) }}</td>
        @if ($pauseReason === null)
        <td>
            @if ($queue['paused'] === true)
            <form class="inline" method="post" action="{{ route('fastqueue.queues.resume', ['connection' => $queue['connection'], 'queue' => $queue['queue']]) }}">
                @csrf
                <button type="submit">Resume<span class="visually-hidden"> {{ $queue['queue'] }}</span></button>
            </form>
            @else
            <form class="inline" method="post" action="{{ route('fastqueue.queues.pause', ['connection' => $queue['connection'], 'queue' => $queue['queue']]) }}">
                @csrf
                <button type="submit">Pause<span class="visually-hidden"> {{ $queue['queue'] }}</span></button>
            </form>
            @endif
        </td>
        @endif
    </tr>
    @empty
    <tr class="empty"><td colspan="{{ $pauseReason === null ? 14 : 13 }}">No queue has figures yet: start a worker (php artisan fastqueue:work or fastqueue:supervise).</td></tr>
    @endforelse
    </tbody>
</table>
</div>
</div>
@endsection

@push('scripts')
<script src="{{ \FastQueue\Laravel\Dashboard\Http\AssetController::url('dashboard.js') }}" defer></script>
@endpush
