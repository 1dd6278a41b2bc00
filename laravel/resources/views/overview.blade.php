@extends('fastqueue::layout')

@section('title', 'Overview')

@section('content')
<h1>Overview</h1>
<p class="muted">Generated at {{ $overview['generated_at'] }}.</p>
@endsection
