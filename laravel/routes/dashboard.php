<?php

// The dashboard's routes. FastQueueServiceProvider loads this file inside one group: the
// configured path, domain and middleware, then SecurityHeaders and Authorize (viewFastQueue),
// with the names prefixed "fastqueue.". Every action is a POST behind AuthorizeManage.

use FastQueue\Laravel\Dashboard\Http\ApiController;
use FastQueue\Laravel\Dashboard\Http\AssetController;
use FastQueue\Laravel\Dashboard\Http\Middleware\AuthorizeManage;
use FastQueue\Laravel\Dashboard\Http\PagesController;
use FastQueue\Laravel\Dashboard\Http\QueueActionsController;
use Illuminate\Support\Facades\Route;

Route::get('/', [PagesController::class, 'overview'])->name('overview');
Route::get('workers', [PagesController::class, 'workers'])->name('workers');
Route::get('api/overview', [ApiController::class, 'overview'])->name('api.overview');
Route::get('api/workers', [ApiController::class, 'workers'])->name('api.workers');
Route::get('assets/{file}', AssetController::class)->where('file', '[a-z-]+\.js')->name('asset');

Route::middleware(AuthorizeManage::class)->group(function () {
    Route::post('queues/{connection}/{queue}/pause', [QueueActionsController::class, 'pause'])->name('queues.pause');
    Route::post('queues/{connection}/{queue}/resume', [QueueActionsController::class, 'resume'])->name('queues.resume');
});

if (is_file(__DIR__.'/failed.php')) {
    require __DIR__.'/failed.php';
}
