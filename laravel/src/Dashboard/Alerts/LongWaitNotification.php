<?php

namespace FastQueue\Laravel\Dashboard\Alerts;

use FastQueue\Laravel\Events\LongWaitDetected;
use FastQueue\Laravel\Events\LongWaitRecovered;
use Illuminate\Notifications\Messages\MailMessage;
use Illuminate\Notifications\Notification;

/**
 * The notification of a long wait or of its recovery, sent through the channels
 * fastqueue.alerts.notify routes to (mail, slack, database, or any channel the application
 * registers): each channel reads the method it knows, toMail(), toSlack() (with
 * laravel/slack-notification-channel), or toArray().
 */
class LongWaitNotification extends Notification
{
    public function __construct(public readonly LongWaitDetected|LongWaitRecovered $event)
    {
    }

    /** @return list<string> the channels the notifiable has routes for */
    public function via(object $notifiable): array
    {
        return array_map('strval', array_keys((array) ($notifiable->routes ?? [])));
    }

    public function toMail(object $notifiable): MailMessage
    {
        $message = (new MailMessage)->subject($this->title())->line($this->text());

        return $this->detected() ? $message->error() : $message->success();
    }

    /** Slack's message, where laravel/slack-notification-channel provides it. */
    public function toSlack(object $notifiable): mixed
    {
        $class = 'Illuminate\Notifications\Messages\SlackMessage';
        if (! class_exists($class)) {
            throw new \LogicException('The slack channel needs laravel/slack-notification-channel.');
        }
        $message = (new $class)->content($this->title().': '.$this->text());

        return $this->detected() ? $message->error() : $message->success();
    }

    /** @return array{kind: string, connection: string, queue: string, seconds: float, threshold: float, since: float, text: string} */
    public function toArray(object $notifiable): array
    {
        $e = $this->event;

        return ['kind' => $this->detected() ? 'long_wait' : 'recovered', 'connection' => $e->connection, 'queue' => $e->queue,
            'seconds' => $e->seconds, 'threshold' => $e->threshold, 'since' => $e->since, 'text' => $this->text()];
    }

    private function detected(): bool
    {
        return $this->event instanceof LongWaitDetected;
    }

    private function title(): string
    {
        return ($this->detected() ? 'Long wait on ' : 'Wait back to normal on ').$this->event->connection.':'.$this->event->queue;
    }

    private function text(): string
    {
        $e = $this->event;

        return $this->detected()
            ? sprintf('The oldest job of queue %s (connection %s) has waited %d s, over the threshold of %d s.', $e->queue, $e->connection, $e->seconds, $e->threshold)
            : sprintf('Queue %s (connection %s) waits %d s, under the threshold of %d s again.', $e->queue, $e->connection, $e->seconds, $e->threshold);
    }
}
