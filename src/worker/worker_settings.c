/* The worker's settings as plain C: freeing them, and reading metrics_listen's address, which
 * both the option parser (src/module/worker_options.c) and the exporter's start use. */
#include "worker_settings.h"
#include <arpa/inet.h>

/* Digits only, 1 to 65535. */
static bool parse_port(const char *s, size_t len, int *port)
{
	int p = 0;

	if (len == 0 || len > 5) {
		return false;
	}
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9') {
			return false;
		}
		p = p * 10 + (s[i] - '0');
	}
	*port = p;
	return p >= 1 && p <= 65535;
}

zend_result fastqueue_metrics_listen_parse(const char *s, size_t len, char *host, size_t host_size,
	int *port, bool *v6)
{
	const char *colon = NULL, *addr = s;
	size_t addr_len;
	unsigned char bin[16];

	*v6 = false;
	if (memchr(s, ':', len) == NULL) {
		/* A bare port: loopback, so nothing is exposed unless asked for by address. */
		snprintf(host, host_size, "127.0.0.1");
		return parse_port(s, len, port) ? SUCCESS : FAILURE;
	}
	if (len && s[0] == '[') {
		const char *close = memchr(s, ']', len);
		if (!close || close + 1 >= s + len || close[1] != ':') {
			return FAILURE;
		}
		addr = s + 1;
		addr_len = (size_t) (close - addr);
		colon = close + 1;
		*v6 = true;
	} else {
		colon = memchr(s, ':', len);
		addr_len = (size_t) (colon - s);
	}
	if (addr_len == 0 || addr_len >= host_size || !parse_port(colon + 1, (size_t) (s + len - colon - 1), port)) {
		return FAILURE;
	}
	memcpy(host, addr, addr_len);
	host[addr_len] = '\0';
	return inet_pton(*v6 ? AF_INET6 : AF_INET, host, bin) == 1 ? SUCCESS : FAILURE;
}

void fastqueue_worker_options_free(worker_options *o)
{
	if (o->name) zend_string_release(o->name);
	if (o->restart_key) zend_string_release(o->restart_key);
	if (o->maintenance_file) zend_string_release(o->maintenance_file);
	if (o->backoff) efree(o->backoff);
	if (o->metrics_worker) zend_string_release(o->metrics_worker);
	if (o->metrics_file) zend_string_release(o->metrics_file);
	if (o->metrics_listen) zend_string_release(o->metrics_listen);
	if (o->metrics_allow) efree(o->metrics_allow);
	for (uint32_t i = 0; i < o->limits_count; i++) {
		zend_string_release(o->limit_queues[i]);
	}
	if (o->limit_queues) efree(o->limit_queues);
	if (o->limit_values) efree(o->limit_values);
	memset(o, 0, sizeof(*o));
}
