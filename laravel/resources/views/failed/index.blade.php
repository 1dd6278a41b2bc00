{{-- The failed jobs: a filter, a page of the list, retry and forget of the selected ones or
     of all that match. Every value is printed with {{ }}. --}}
@extends('fastqueue::layout')

@section('title', 'Failed jobs')

@section('content')
@php
    $pages = max(1, (int) ceil($list['total'] / $list['per_page']));
    $link = fn (int $page) => route('fastqueue.failed.index', $filter + ['page' => $page]);
@endphp
<h1>Failed jobs</h1>

<form method="get" action="{{ route('fastqueue.failed.index') }}" class="filters" role="search" aria-label="Filter the failed jobs">
<label>Queue <input type="text" name="queue" value="{{ $filter['queue'] ?? '' }}"></label>
<label>Job class <input type="text" name="class" value="{{ $filter['class'] ?? '' }}" placeholder="App\Jobs\SendMail"></label>
<label>Exception contains <input type="text" name="exception" value="{{ $filter['exception'] ?? '' }}"></label>
<button type="submit">Filter</button>
@if ($filter !== [])
<a href="{{ route('fastqueue.failed.index') }}">Clear</a>
@endif
</form>

<p class="muted" id="failed-count">
{{ $list['total_exact'] ? $list['total'] : 'At least ' . $list['total'] }} failed {{ $list['total'] === 1 ? 'job' : 'jobs' }}{{ $filter !== [] ? ' match' : '' }}.
@if ($list['paged_in'] === 'memory')
The failed-job provider has no paging: every record is read for each page.
@endif
</p>

@if ($list['jobs'] !== [])
<form method="post" action="{{ route('fastqueue.failed.retry') }}" id="selected">
@csrf
@foreach ($filter as $key => $value)
<input type="hidden" name="{{ $key }}" value="{{ $value }}">
@endforeach
<div class="table-wrap">
<table>
<caption>Newest first. Page {{ $list['page'] }} of {{ $list['total_exact'] ? $pages : 'at least ' . $pages }}.</caption>
<thead>
<tr>
<th scope="col"><input type="checkbox" id="select-all" aria-label="Select every job of this page" hidden></th>
<th scope="col">Job</th>
<th scope="col">Queue</th>
<th scope="col">Failed at</th>
<th scope="col" class="num">Attempts</th>
<th scope="col">Exception</th>
</tr>
</thead>
<tbody>
@foreach ($list['jobs'] as $job)
<tr>
<td><input type="checkbox" name="ids[]" value="{{ $job['id'] }}" aria-label="Select {{ $job['name'] }} {{ $job['id'] }}"></td>
<td><a href="{{ route('fastqueue.failed.show', ['id' => $job['id']]) }}">{{ $job['name'] ?? '(no name)' }}</a></td>
<td>{{ $job['connection'] }}:{{ $job['queue'] }}</td>
<td>{{ $job['failed_at'] }}</td>
<td class="num">{{ $job['attempts'] ?? '' }}</td>
<td class="wrap-text">{{ $job['exception_summary'] }}</td>
</tr>
@endforeach
</tbody>
</table>
</div>
<p>
<button type="submit" name="action" value="retry">Retry selected</button>
<button type="submit" formaction="{{ route('fastqueue.failed.forget') }}" name="action" value="forget">Forget selected</button>
</p>
</form>
@endif

@if ($list['total'] > 0)
<form method="post" action="{{ route('fastqueue.failed.retry') }}" id="matching">
@csrf
<input type="hidden" name="matching" value="1">
@foreach ($filter as $key => $value)
<input type="hidden" name="{{ $key }}" value="{{ $value }}">
@endforeach
<button type="submit">Retry all {{ $list['total_exact'] ? $list['total'] : $list['total'] . '+' }} {{ $filter !== [] ? 'that match' : 'failed jobs' }}</button>
</form>
@endif

@if ($pages > 1 || $list['page'] > 1)
<nav aria-label="Pages" class="pager">
@if ($list['page'] > 1)
<a href="{{ $link($list['page'] - 1) }}" rel="prev">Newer</a>
@endif
@if (! $list['total_exact'] || $list['page'] < $pages)
<a href="{{ $link($list['page'] + 1) }}" rel="next">Older</a>
@endif
</nav>
@endif
@endsection

@push('styles')
<style nonce="{{ $fastqueueNonce ?? '' }}">
form.filters { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; margin: 0 0 1rem; }
form.filters label { display: flex; flex-direction: column; font-size: .85rem; color: var(--muted); }
form.filters input { font: inherit; padding: .25rem .4rem; min-width: 12rem; }
.pager { display: flex; gap: 1rem; margin: 1rem 0; }
#matching { margin: 1rem 0; }
</style>
@endpush

@push('scripts')
<script src="{{ route('fastqueue.asset', ['file' => 'failed.js']) }}" defer></script>
@endpush
