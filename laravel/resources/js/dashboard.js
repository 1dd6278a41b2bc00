// FastQueue's dashboard: refreshes the overview and workers pages without a reload.
//
// The server renders each page whole; this script only fetches the page's JSON (data-api on
// #fq-page) every data-refresh seconds and puts the new figures in place. Every text from the
// JSON goes into the page through textContent, never as HTML: a queue, job or worker name
// holding markup shows as text. The figures are printed as the server prints them
// (src/Dashboard/Http/Format.php).
(function () {
    'use strict';

    var page = document.getElementById('fq-page');
    if (!page || !window.fetch) {
        return;
    }
    var UNKNOWN = '\u2014';
    var refreshMs = Math.max(1, Number(page.dataset.refresh) || 5) * 1000;
    var lastUpdate = Date.now();
    var refreshes = 0;

    // {{{ formats, as Format.php
    function isNum(n) {
        return typeof n === 'number' && isFinite(n);
    }

    function count(n) {
        return isNum(n) ? Math.round(n).toLocaleString('en-US') : UNKNOWN;
    }

    function rate(n) {
        if (!isNum(n)) {
            return UNKNOWN;
        }
        return n < 100 ? n.toLocaleString('en-US', {minimumFractionDigits: 1, maximumFractionDigits: 1}) : Math.round(n).toLocaleString('en-US');
    }

    function pair(big, bigUnit, small, smallUnit) {
        return small === 0 ? big + ' ' + bigUnit : big + ' ' + bigUnit + ' ' + small + ' ' + smallUnit;
    }

    function seconds(s) {
        if (!isNum(s)) {
            return UNKNOWN;
        }
        s = Math.max(0, s);
        if (s < 1) {
            return Math.round(s * 1000) + ' ms';
        }
        if (s < 60) {
            return (Math.floor(s) === s ? String(s) : s.toFixed(1)) + ' s';
        }
        var w = Math.round(s);
        if (w < 3600) {
            return pair(Math.floor(w / 60), 'm', w % 60, 's');
        }
        if (w < 86400) {
            return pair(Math.floor(w / 3600), 'h', Math.floor((w % 3600) / 60), 'm');
        }
        return pair(Math.floor(w / 86400), 'd', Math.floor((w % 86400) / 3600), 'h');
    }

    function bytes(b) {
        if (!isNum(b)) {
            return UNKNOWN;
        }
        var units = ['B', 'KiB', 'MiB', 'GiB'];
        var i = 0;
        while (b >= 1024 && i < units.length - 1) {
            b /= 1024;
            i++;
        }
        return (i === 0 ? String(Math.floor(b)) : b.toFixed(1)) + ' ' + units[i];
    }

    function ago(t, now) {
        return isNum(t) ? seconds(Math.max(0, now - t)) + ' ago' : UNKNOWN;
    }

    function utc(t) {
        return isNum(t) ? new Date(t * 1000).toISOString().slice(0, 19).replace('T', ' ') + ' UTC' : '';
    }

    function chart(points, key) {
        if (!points || points.length < 2) {
            return '';
        }
        var t0 = points[0].t;
        var span = Math.max(1e-9, points[points.length - 1].t - t0);
        var top = 1;
        points.forEach(function (p) {
            top = Math.max(top, p.processed || 0, p.failed || 0);
        });
        return points.map(function (p) {
            var x = (p.t - t0) / span * 300;
            var y = 100 - (p[key] || 0) / top * 96;
            return (Math.round(x * 10) / 10) + ',' + (Math.round(y * 10) / 10);
        }).join(' ');
    }
    // }}}

    // {{{ building the DOM: text only
    function el(tag, text, className) {
        var node = document.createElement(tag);
        if (text !== undefined && text !== null) {
            node.textContent = String(text);
        }
        if (className) {
            node.className = className;
        }
        return node;
    }

    function cell(text, className, tag) {
        return el(tag || 'td', text, className);
    }

    function rowHeader(text) {
        var th = el('th', text, 'wrap-text');
        th.scope = 'row';
        return th;
    }

    function tag(text, kind) {
        return el('span', text, 'tag' + (kind ? ' ' + kind : ''));
    }

    function setField(name, text) {
        page.querySelectorAll('[data-fq="' + name + '"]').forEach(function (node) {
            node.textContent = text;
        });
    }

    function replaceRows(tbody, rows, emptyText, columns) {
        var fragment = document.createDocumentFragment();
        if (rows.length === 0) {
            var tr = el('tr', null, 'empty');
            var td = el('td', emptyText);
            td.colSpan = columns;
            tr.appendChild(td);
            fragment.appendChild(tr);
        }
        rows.forEach(function (row) {
            fragment.appendChild(row);
        });
        tbody.replaceChildren ? tbody.replaceChildren(fragment) : (tbody.textContent = '', tbody.appendChild(fragment));
    }
    // }}}

    // {{{ the overview
    function actionForm(template, queue, label) {
        var form = el('form', null, 'inline');
        form.method = 'post';
        form.action = template.replace('CONNECTION', encodeURIComponent(queue.connection)).replace('QUEUE', encodeURIComponent(queue.queue));
        var token = document.querySelector('meta[name="csrf-token"]');
        var input = el('input');
        input.type = 'hidden';
        input.name = '_token';
        input.value = token ? token.getAttribute('content') : '';
        var button = el('button', label);
        button.type = 'submit';
        button.appendChild(el('span', ' ' + queue.queue, 'visually-hidden'));
        form.appendChild(input);
        form.appendChild(button);
        return form;
    }

    function queueRow(q, pausable) {
        var tr = el('tr');
        tr.dataset.queue = q.connection + ':' + q.queue;
        tr.appendChild(cell(q.connection));
        tr.appendChild(rowHeader(q.queue));
        var state = cell(q.paused === null || q.paused === undefined ? UNKNOWN : null);
        if (q.paused === true) {
            state.appendChild(tag('paused', 'paused'));
        } else if (q.paused === false) {
            state.appendChild(tag('running'));
        }
        tr.appendChild(state);
        [count(q.pending), count(q.delayed), count(q.reserved), rate(q.throughput_per_minute), rate(q.failed_per_minute),
            seconds(q.wait_p50), seconds(q.wait_p95), seconds(q.run_p50), seconds(q.run_p95), seconds(q.oldest_pending_seconds)]
            .forEach(function (text) {
                tr.appendChild(cell(text, 'num'));
            });
        if (pausable) {
            var action = cell();
            action.appendChild(q.paused === true
                ? actionForm(page.dataset.resumeUrl, q, 'Resume')
                : actionForm(page.dataset.pauseUrl, q, 'Pause'));
            tr.appendChild(action);
        }
        return tr;
    }

    function showOverview(data) {
        var now = isNum(data.generated_at) ? data.generated_at : Date.now() / 1000;
        var stale = document.getElementById('fq-stale');
        if (stale) {
            stale.hidden = !data.stale;
        }
        setField('stale_reason', data.stale_reason || '');
        setField('last_publication', ago(data.last_publication, now));
        var totals = data.totals || {};
        var longest = totals.longest_wait || null;
        setField('jobs_per_minute', rate(totals.jobs_per_minute));
        setField('failed_per_minute', rate(totals.failed_per_minute));
        setField('processes', count(totals.processes));
        setField('longest_wait', seconds(longest ? longest.seconds : null));
        setField('longest_wait_queue', longest ? longest.connection + ':' + longest.queue : '');
        var history = data.history || {};
        setField('window', seconds(history.window));
        setField('snapshots', count(history.snapshots));
        var processed = document.getElementById('fq-chart-processed');
        var failed = document.getElementById('fq-chart-failed');
        if (processed && failed) {
            processed.setAttribute('points', chart(data.points, 'processed'));
            failed.setAttribute('points', chart(data.points, 'failed'));
        }
        var pausable = page.dataset.pauseUrl !== '';
        var tbody = document.querySelector('#fq-queues tbody');
        if (tbody) {
            replaceRows(tbody, (data.queues || []).map(function (q) {
                return queueRow(q, pausable);
            }), 'No queue has figures yet: start a worker (php artisan fastqueue:work or fastqueue:supervise).', pausable ? 14 : 13);
        }
    }
    // }}}

    // {{{ the workers
    function supervisorRow(s, now) {
        var tr = el('tr');
        tr.appendChild(rowHeader(s.name));
        tr.appendChild(cell(s.host));
        tr.appendChild(cell(isNum(s.pid) ? s.pid : UNKNOWN, 'num'));
        var state = cell();
        state.appendChild(tag(s.state || UNKNOWN));
        tr.appendChild(state);
        var pools = cell(null, 'wrap-text');
        (s.pools || []).forEach(function (p) {
            var n = p.processes || 0;
            pools.appendChild(el('div', p.name + ': ' + (p.queues || []).join(', ') + ' (' + n + ' ' + (n === 1 ? 'process' : 'processes') + ')'));
        });
        tr.appendChild(pools);
        var up = cell(seconds(isNum(s.started) ? now - s.started : null), 'num');
        up.title = utc(s.started);
        tr.appendChild(up);
        var seen = cell(ago(s.seen, now), 'num');
        seen.title = utc(s.seen);
        tr.appendChild(seen);
        return tr;
    }

    function workerRow(w, now) {
        var tr = el('tr');
        tr.appendChild(rowHeader(w.id));
        tr.appendChild(cell(w.host || UNKNOWN));
        tr.appendChild(cell(isNum(w.pid) ? w.pid : UNKNOWN, 'num'));
        var sup = cell(w.supervisor || UNKNOWN, 'wrap-text');
        if (w.pool) {
            sup.appendChild(document.createTextNode(' '));
            sup.appendChild(el('span', '(' + w.pool + ')', 'muted'));
        }
        tr.appendChild(sup);
        tr.appendChild(cell((w.queues || []).join(', '), 'wrap-text'));
        var state = cell(w.state ? null : UNKNOWN);
        if (w.state) {
            state.appendChild(tag(w.state, ['busy', 'idle', 'paused'].indexOf(w.state) >= 0 ? w.state : ''));
        }
        tr.appendChild(state);
        var job = cell(w.job ? w.job.name : UNKNOWN, 'wrap-text');
        if (w.job) {
            job.appendChild(document.createTextNode(' '));
            job.appendChild(el('span', 'on ' + w.job.queue, 'muted'));
        }
        tr.appendChild(job);
        tr.appendChild(cell(seconds(w.job ? w.job.running_seconds : null), 'num'));
        tr.appendChild(cell(bytes(w.memory_bytes), 'num'));
        var up = cell(seconds(w.uptime_seconds), 'num');
        up.title = utc(w.started);
        tr.appendChild(up);
        var seen = cell(ago(w.seen, now), 'num');
        seen.title = utc(w.seen);
        tr.appendChild(seen);
        return tr;
    }

    function showWorkers(data) {
        var now = isNum(data.generated_at) ? data.generated_at : Date.now() / 1000;
        var supervisors = document.querySelector('#fq-supervisors tbody');
        if (supervisors) {
            replaceRows(supervisors, (data.supervisors || []).map(function (s) {
                return supervisorRow(s, now);
            }), 'No supervisor is running (php artisan fastqueue:supervise).', 7);
        }
        var workers = document.querySelector('#fq-workers tbody');
        if (workers) {
            replaceRows(workers, (data.workers || []).map(function (w) {
                return workerRow(w, now);
            }), 'No worker is publishing its figures.', 11);
        }
    }
    // }}}

    // {{{ the refresh
    var show = page.dataset.page === 'workers' ? showWorkers : showOverview;
    var updated = document.getElementById('fq-updated');
    var error = document.getElementById('fq-refresh-error');

    function tick() {
        if (updated) {
            var s = Math.floor((Date.now() - lastUpdate) / 1000);
            updated.textContent = s < 1 ? 'just now' : seconds(s) + ' ago';
        }
    }

    function failed(why) {
        if (error) {
            error.textContent = ' (the last refresh failed: ' + why + ')';
        }
    }

    function refresh() {
        fetch(page.dataset.api, {credentials: 'same-origin', cache: 'no-store', headers: {Accept: 'application/json'}})
            .then(function (response) {
                if (!response.ok) {
                    throw new Error('HTTP ' + response.status);
                }
                return response.json();
            })
            .then(function (data) {
                show(data);
                lastUpdate = Date.now();
                refreshes++;
                page.dataset.refreshes = String(refreshes);
                if (error) {
                    error.textContent = '';
                }
                tick();
            })
            .catch(function (e) {
                failed(e && e.message ? e.message : 'no answer');
            })
            .then(function () {
                window.setTimeout(refresh, refreshMs);
            });
    }

    window.setInterval(tick, 1000);
    window.setTimeout(refresh, refreshMs);
    // }}}
}());
