// The failed jobs' list: a checkbox that selects every job of the page (hidden without
// script, where each row is selected by hand). No data goes through this file.
(function () {
    'use strict';
    var all = document.getElementById('select-all');
    if (!all) {
        return;
    }
    var boxes = function () {
        return document.querySelectorAll('#selected input[name="ids[]"]');
    };
    all.hidden = false;
    all.addEventListener('change', function () {
        boxes().forEach(function (box) { box.checked = all.checked; });
    });
})();
