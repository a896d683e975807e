package io.agentloop.plugins.llamacpp;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.model.ModelException;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.StreamEvent;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The events of one generation, handed from the model's thread to the reader. The queue is small on
 * purpose: a reader that stops reading holds the generation back instead of letting it run on into
 * memory. {@link #close()} (also from the run's cancellation) stops the generation at its next token
 * and wakes a blocked reader at once.
 */
final class LlamaStream implements ModelStream {
    private static final Object CLOSED = new Object();
    private static final int CAPACITY = 16;

    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(CAPACITY);
    private final CancellationSignal.Registration onCancel;
    private volatile boolean closed;
    private volatile boolean finished;

    LlamaStream(CancellationSignal cancellation) {
        this.onCancel = cancellation.onCancel(this::close);
    }

    /** Whether the reader is gone: the generation stops. */
    boolean closed() {
        return closed;
    }

    /**
     * Hands an event (or a {@link ModelException}) to the reader; waits while the reader is behind.
     * Returns false once the stream is closed.
     */
    boolean push(Object item) {
        try {
            while (!closed) {
                if (queue.offer(item, 50, TimeUnit.MILLISECONDS)) {
                    return true;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return false;
    }

    @Override
    public StreamEvent next() {
        if (finished) {
            throw new IllegalStateException("the stream already ended");
        }
        if (closed) {
            throw cancelled();
        }
        Object item;
        try {
            item = queue.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new NonRetryableModelException("llamacpp: interrupted while waiting for the model", e);
        }
        if (item == CLOSED || closed) {
            throw cancelled();
        }
        if (item instanceof ModelException failure) {
            end();
            throw failure;
        }
        StreamEvent event = (StreamEvent) item;
        if (event instanceof StreamEvent.Finish) {
            end();
        }
        return event;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        queue.clear();
        queue.offer(CLOSED);
        onCancel.close();
    }

    private void end() {
        finished = true;
        onCancel.close();
    }

    private static NonRetryableModelException cancelled() {
        return new NonRetryableModelException("llamacpp: the generation was cancelled");
    }
}
