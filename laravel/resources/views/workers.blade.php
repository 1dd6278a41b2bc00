@extends('fastqueue::layout')
@php
    $F = \FastQueue\Laravel\Dashboard\Http\Format::class;
    $now = (float) ($workers['generated_at'] ?? microtime(true));
@endphp

@section('title', 'Workers')

@section('content')
<div id="fq-page" data-page="workers" data-api="{{ route('fastqueue.api.workers') }}" data-refresh="{{ $refresh }}">
<h1>Workers</h1>
<p class="muted">Updated <span id="fq-updated" data-generated="{{ $workers['generated_at'] }}">just now</span><span id="fq-refresh-error"></span>;
    refreshed every {{ $refresh }} s.</p>

<h2 id="fq-supervisors-title">Supervisors</h2>
<div class="table-wrap" role="region" aria-labelledby="fq-supervisors-title" tabindex="0">
<table id="fq-supervisors">
    <thead>
    <tr>
        <th scope="col">Supervisor</th><th scope="col">Host</th><th scope="col" class="num">PID</th><th scope="col">State</th>
        <th scope="col">Pools</th><th scope="col" class="num">Uptime</th><th scope="col" class="num">Last seen</th>
    </tr>
    </thead>
    <tbody>
    @forelse ($workers['supervisors'] ?? [] as $supervisor)
    <tr>
        <th scope="row" class="wrap-text">{{ $supervisor['name'] }}</th>
        <td>{{ $supervisor['host'] }}</td>
        <td class="num">{{ $supervisor['pid'] ?? $F::UNKNOWN }}</td>
        <td><span class="tag">{{ $supervisor['state'] ?? $F::UNKNOWN }}</span></td>
        <td class="wrap-text">
            @foreach ($supervisor['pools'] ?? [] as $pool)
            <div>{{ $pool['name'] }}: {{ implode(', ', $pool['queues'] ?? []) }} ({{ $pool['processes'] ?? 0 }} {{ ($pool['processes'] ?? 0) === 1 ? 'process' : 'processes' }})</div>
            @endforeach
        </td>
        <td class="num" title="{{ $F::utc($supervisor['started'] ?? null) }}">{{ $F::seconds(isset($supervisor['started']) ? $now - $supervisor['started'] : null) }}</td>
        <td class="num" title="{{ $F::utc($supervisor['seen'] ?? null) }}">{{ $F::ago($supervisor['seen'] ?? null, $now) }}</td>
    </tr>
    @empty
    <tr class="empty"><td colspan="7">No supervisor is running (php artisan fastqueue:supervise).</td></tr>
    @endforelse
    </tbody>
</table>
</div>

<h2 id="fq-workers-title">Workers</h2>
<div class="table-wrap" role="region" aria-labelledby="fq-workers-title" tabindex="0">
<table id="fq-workers">
    <thead>
    <tr>
        <th scope="col">Worker</th><th scope="col">Host</th><th scope="col" class="num">PID</th><th scope="col">Supervisor</th>
        <th scope="col">Queues</th><th scope="col">State</th><th scope="col">Current job</th><th scope="col" class="num">Running for</th>
        <th scope="col" class="num">Memory</th><th scope="col" class="num">Uptime</th><th scope="col" class="num">Last seen</th>
    </tr>
    </thead>
    <tbody>
    @forelse ($workers['workers'] ?? [] as $worker)
    <tr>
        <th scope="row" class="wrap-text">{{ $worker['id'] }}</th>
        <td>{{ $worker['host'] ?? $F::UNKNOWN }}</td>
        <td class="num">{{ $worker['pid'] ?? $F::UNKNOWN }}</td>
        <td class="wrap-text">{{ $worker['supervisor'] ?? $F::UNKNOWN }}@if (isset($worker['pool'])) <span class="muted">({{ $worker['pool'] }})</span>@endif</td>
        <td class="wrap-text">{{ implode(', ', $worker['queues'] ?? []) }}</td>
        <td>@if (isset($worker['state']))<span class="tag {{ in_array($worker['state'], ['busy', 'idle', 'paused'], true) ? $worker['state'] : '' }}">{{ $worker['state'] }}</span>@else{{ $F::UNKNOWN }}@endif</td>
        <td class="wrap-text">@if (isset($worker['job'])){{ $worker['job']['name'] }} <span class="muted">on {{ $worker['job']['queue'] }}</span>@else{{ $F::UNKNOWN }}@endif</td>
        <td class="num">{{ $F::seconds($worker['job']['running_seconds'] ?? null) }}</td>
        <td class="num">{{ $F::bytes($worker['memory_bytes'] ?? null) }}</td>
        <td class="num" title="{{ $F::utc($worker['started'] ?? null) }}">{{ $F::seconds($worker['uptime_seconds'] ?? null) }}</td>
        <td class="num" title="{{ $F::utc($worker['seen'] ?? null) }}">{{ $F::ago($worker['seen'] ?? null, $now) }}</td>
    </tr>
    @empty
    <tr class="empty"><td colspan="11">No worker is publishing its figures.</td></tr>
    @endforelse
    </tbody>
</table>
</div>
</div>
@endsection

@push('scripts')
<script src="{{ \FastQueue\Laravel\Dashboard\Http\AssetController::url('dashboard.js') }}" defer></script>
@endpush
