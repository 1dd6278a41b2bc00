<?php

namespace FastQueue\Laravel\Redis;

use InvalidArgumentException;

/**
 * The RedisQueue options of one Redis server (a connection, or a node of a cluster) from the
 * settings its client would get (RedisQueueFactory): the transport, the credentials, the prefix
 * and timeouts, and TLS.
 */
final class ServerOptions
{
    /** The SSL context options (PHP's names) that FastQueue's "tls" option implements. */
    public const TLS_OPTIONS = ['cafile', 'capath', 'local_cert', 'local_pk', 'peer_name', 'verify_peer', 'verify_peer_name'];

    /**
     * [scheme, host] of one server: the host's "scheme://" (phpredis gets the scheme that way;
     * Laravel's PredisConnector turns a tls:// host into the scheme), else the scheme.
     *
     * @param  array<string, mixed>  $c
     * @return array{string, string}
     */
    public static function transport(string $name, string $host, array $c): array
    {
        $host = $host !== '' ? $host : '127.0.0.1';
        $scheme = strtolower((string) ($c['scheme'] ?? ''));
        if (preg_match('~^([a-z][a-z0-9+.-]*)://(.*)$~is', $host, $m)) {
            $scheme = strtolower($m[1]);
            $host = $m[2];
        }
        if (! in_array($scheme, ['', 'tcp', 'redis', 'unix', 'tls', 'ssl', 'rediss'], true)) {
            throw new InvalidArgumentException("Redis connection [{$name}] uses the [{$scheme}] scheme: fastqueue:work supports tcp, tls (or ssl, rediss) and unix.");
        }

        return [$scheme, $host];
    }

    /**
     * password and username; phpredis authenticates only with a non-empty password.
     *
     * @param  array<string, mixed>  $c
     * @return array<string, mixed>
     */
    public static function credentials(array $c): array
    {
        if (empty($c['password'])) {
            return [];
        }
        $options = ['password' => (string) $c['password']];
        if (! empty($c['username'])) {
            $options['username'] = (string) $c['username'];
        }

        return $options;
    }

    /**
     * prefix and timeouts.
     *
     * @param  array<string, mixed>  $c
     * @return array<string, mixed>
     */
    public static function tuning(array $c): array
    {
        $options = ['prefix' => ! empty($c['prefix']) ? (string) $c['prefix'] : ''];
        if (! empty($c['timeout'])) {
            $options['connect_timeout'] = (float) $c['timeout'];
        }
        if (! empty($c['read_timeout'])) {
            $options['read_timeout'] = (float) $c['read_timeout'];
        }

        return $options;
    }

    /**
     * FastQueue's "tls" option from the SSL context options the client would apply ($ssl, read
     * from $where). Only the options FastQueue implements are accepted, each checked: another
     * one is refused by name rather than dropped, since dropping it could change what is
     * verified. As PHP's streams do (phpredis and predis both connect through them), a peer
     * that is verified without cafile or capath gets the openssl.cafile and openssl.capath
     * ini settings. Messages name options and types, never values (paths aside, a value
     * could be key material).
     *
     * @return array<string, mixed>
     */
    public static function tlsOptions(string $name, mixed $ssl, string $where): array
    {
        if ($ssl === null) {
            $ssl = [];
        } elseif (! is_array($ssl)) {
            throw new InvalidArgumentException("Redis connection [{$name}]: [{$where}] must be an array of SSL context options, ".get_debug_type($ssl).' given.');
        }

        $tls = [];
        foreach ($ssl as $key => $value) {
            if (! in_array($key, self::TLS_OPTIONS, true)) {
                throw new InvalidArgumentException("Redis connection [{$name}]: the SSL option [{$key}] in [{$where}] is not supported by fastqueue:work (supported: ".implode(', ', self::TLS_OPTIONS).').');
            }
            if ($key === 'verify_peer' || $key === 'verify_peer_name') {
                if (! is_bool($value) && ! in_array($value, [0, 1, '0', '1'], true)) {
                    throw new InvalidArgumentException("Redis connection [{$name}]: the SSL option [{$key}] in [{$where}] must be true or false (or 1 or 0), ".get_debug_type($value).' given.');
                }
                $tls[$key] = (bool) $value;
            } elseif (! is_string($value) || $value === '') {
                throw new InvalidArgumentException("Redis connection [{$name}]: the SSL option [{$key}] in [{$where}] must be a non-empty string, ".(is_string($value) ? 'an empty string' : get_debug_type($value)).' given.');
            } else {
                $tls[$key] = $value;
            }
        }

        if ($tls['verify_peer'] ?? true) {
            foreach (['cafile', 'capath'] as $key) {
                $ini = (string) ini_get("openssl.{$key}");
                if (! isset($tls[$key]) && $ini !== '') {
                    $tls[$key] = $ini;
                }
            }
        }

        return $tls;
    }
}
