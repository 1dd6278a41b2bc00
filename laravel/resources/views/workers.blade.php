@extends('fastqueue::layout')

@section('title', 'Workers')

@section('content')
<h1>Workers</h1>
<p class="muted">Generated at {{ $workers['generated_at'] }}.</p>
@endsection
