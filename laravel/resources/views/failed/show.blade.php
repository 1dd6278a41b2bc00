{{-- One failed job: its fields, its payload (never an encrypted job's), its exception with the
     stack trace, the crash record of its last attempt; retry and forget. --}}
@extends('fastqueue::layout')

@section('title', 'Failed job')

@section('content')
<h1>{{ $job['name'] ?? 'Failed job' }}</h1>
<div class="table-wrap">
<table>
<tbody>
<tr><th scope="row">Id</th><td>{{ $job['id'] }}</td></tr>
<tr><th scope="row">UUID</th><td>{{ $job['uuid'] }}</td></tr>
<tr><th scope="row">Connection and queue</th><td>{{ $job['connection'] }}:{{ $job['queue'] }}</td></tr>
<tr><th scope="row">Failed at</th><td>{{ $job['failed_at'] }}</td></tr>
<tr><th scope="row">Attempts</th><td>{{ $job['attempts'] ?? 'not in the payload' }}</td></tr>
@if ($job['previous_crash'] !== null)
<tr><th scope="row">Attempt {{ $job['previous_crash']['attempt'] }} ended its worker</th><td class="wrap-text">{{ $job['previous_crash']['reason'] }}</td></tr>
@endif
</tbody>
</table>
</div>

<div class="actions">
<form method="post" action="{{ route('fastqueue.failed.retry') }}" class="inline">
@csrf
<input type="hidden" name="ids[]" value="{{ $job['id'] }}">
<button type="submit">Retry</button>
</form>
<form method="post" action="{{ route('fastqueue.failed.forget') }}" class="inline">
@csrf
<input type="hidden" name="ids[]" value="{{ $job['id'] }}">
<button type="submit">Forget</button>
</form>
</div>

<h2>Exception</h2>
<pre class="block" id="exception">{{ $job['exception'] }}</pre>

<h2>Payload</h2>
@if ($job['encrypted'])
<p class="status" id="payload">This job is encrypted (ShouldBeEncrypted): its payload is not shown.</p>
@else
<pre class="block" id="payload">{{ json_encode($job['payload'], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PARTIAL_OUTPUT_ON_ERROR) }}</pre>
@endif
@endsection

@push('styles')
<style nonce="{{ $fastqueueNonce ?? '' }}">
.actions { margin: 1rem 0; }
pre.block { background: var(--card); border: 1px solid var(--line); border-radius: 4px; padding: .75rem; overflow-x: auto; font-size: .85rem; white-space: pre-wrap; word-break: break-word; }
</style>
@endpush
