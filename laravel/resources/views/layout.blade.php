{{-- The dashboard's page frame. Pages: @extends('fastqueue::layout'), @section('title'),
     @section('content'), scripts with @push('scripts') as <script src> of the asset route
     (the CSP refuses inline script), extra CSS with @push('styles') in a
     <style nonce="{{ $fastqueueNonce }}">. Print data with {{ }} only. --}}
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="csrf-token" content="{{ csrf_token() }}">
<meta name="robots" content="noindex, nofollow">
<title>@yield('title') · FastQueue</title>
<style nonce="{{ $fastqueueNonce ?? '' }}">
:root { --fg: #1d2330; --muted: #5b6473; --line: #d6dae1; --bg: #f6f7f9; --card: #fff; --accent: #1f5fbf; --bad: #a4262c; --warn: #8a5a00; --ok: #1b6e3a; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--accent); }
:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: var(--card); padding: .5rem 1rem; z-index: 10; }
.skip:focus { left: .5rem; }
header { background: #17202f; color: #fff; }
header .bar { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem 1.5rem; max-width: 80rem; margin: 0 auto; padding: .6rem 1rem; }
header .brand { font-weight: 700; color: #fff; text-decoration: none; }
header nav ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; margin: 0; padding: 0; list-style: none; }
header nav a { color: #d8e2f3; text-decoration: none; padding: .25rem 0; display: inline-block; }
header nav a[aria-current="page"] { color: #fff; border-bottom: 2px solid #f0a500; }
main { max-width: 80rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.4rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
.status { padding: .6rem .9rem; border-radius: 4px; margin: 0 0 1rem; border: 1px solid var(--line); background: var(--card); }
.status.stale { border-color: var(--warn); background: #fff6e0; color: #4d3300; }
.status.ok { border-color: var(--ok); background: #e8f5ec; }
.muted { color: var(--muted); }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: .75rem; margin: 0 0 1rem; padding: 0; }
.cards > div { background: var(--card); border: 1px solid var(--line); border-radius: 4px; padding: .6rem .8rem; margin: 0; }
.cards dt { color: var(--muted); font-size: .85rem; }
.cards dd { margin: 0; font-size: 1.35rem; font-weight: 600; font-variant-numeric: tabular-nums; }
.cards dd.muted { font-size: .9rem; font-weight: 400; overflow-wrap: anywhere; }
.table-wrap { overflow-x: auto; background: var(--card); border: 1px solid var(--line); border-radius: 4px; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
caption { text-align: left; padding: .5rem .75rem; color: var(--muted); caption-side: bottom; font-size: .85rem; }
th, td { padding: .45rem .75rem; border-bottom: 1px solid var(--line); text-align: left; white-space: nowrap; vertical-align: top; }
td.num, th.num { text-align: right; }
thead th { background: #eef0f4; font-size: .85rem; }
tbody tr:last-child > * { border-bottom: 0; }
.tag { display: inline-block; padding: 0 .4rem; border-radius: 3px; font-size: .8rem; background: #eef0f4; }
.tag.busy { background: #dfeafc; } .tag.paused { background: #fff0c2; } .tag.idle { background: #eef0f4; }
button { font: inherit; padding: .25rem .7rem; border: 1px solid var(--accent); background: var(--card); color: var(--accent); border-radius: 3px; cursor: pointer; }
button:hover { background: #eaf1fc; }
form.inline { display: inline; margin: 0; }
.chart { margin: 0 0 1rem; background: var(--card); border: 1px solid var(--line); border-radius: 4px; padding: .5rem; }
.chart svg { display: block; width: 100%; height: 8rem; }
.wrap-text { white-space: normal; overflow-wrap: anywhere; min-width: 9rem; max-width: 28rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
footer { max-width: 80rem; margin: 0 auto; padding: 1rem; color: var(--muted); font-size: .85rem; }
</style>
@stack('styles')
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header>
<div class="bar">
<a class="brand" href="{{ route('fastqueue.overview') }}">FastQueue</a>
<nav aria-label="Dashboard">
<ul>
<li><a href="{{ route('fastqueue.overview') }}" @if (request()->routeIs('fastqueue.overview')) aria-current="page" @endif>Overview</a></li>
<li><a href="{{ route('fastqueue.workers') }}" @if (request()->routeIs('fastqueue.workers')) aria-current="page" @endif>Workers</a></li>
@if (\Illuminate\Support\Facades\Route::has('fastqueue.failed.index'))
<li><a href="{{ route('fastqueue.failed.index') }}" @if (request()->routeIs('fastqueue.failed.*')) aria-current="page" @endif>Failed jobs</a></li>
@endif
</ul>
</nav>
</div>
</header>
<main id="main" tabindex="-1">
@if (request()->hasSession() && request()->session()->has('fastqueue.status'))
<p class="status ok" role="status">{{ request()->session()->get('fastqueue.status') }}</p>
@endif
@yield('content')
</main>
@stack('scripts')
</body>
</html>
