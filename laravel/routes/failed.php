<?php

// The failed jobs' routes, required by routes/dashboard.php inside the dashboard's group (its
// path, domain, middleware, gate and headers, names prefixed "fastqueue."). Retry and forget
// are POSTs behind AuthorizeManage.

use FastQueue\Laravel\Dashboard\Http\FailedJobsController;
use FastQueue\Laravel\Dashboard\Http\Middleware\AuthorizeManage;
use Illuminate\Support\Facades\Route;

Route::get('failed', [FailedJobsController::class, 'index'])->name('failed.index');
Route::get('api/failed', [FailedJobsController::class, 'apiIndex'])->name('api.failed');
Route::get('api/failed/{id}', [FailedJobsController::class, 'apiShow'])->name('api.failed.show');

Route::middleware(AuthorizeManage::class)->group(function () {
    Route::post('failed/retry', [FailedJobsController::class, 'retry'])->name('failed.retry');
    Route::post('failed/forget', [FailedJobsController::class, 'forget'])->name('failed.forget');
});

// After the POSTs, so that failed/retry and failed/forget are never taken for an id.
Route::get('failed/{id}', [FailedJobsController::class, 'show'])->name('failed.show');
