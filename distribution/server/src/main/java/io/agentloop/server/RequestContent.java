package io.agentloop.server;

import io.agentloop.server.backend.RequestException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * A request's body as the routes read it, with the web server's own failures turned into the
 * client's mistakes they are. A chunked body carries no length, so the web server only finds it too
 * long while it is read, and says so with an exception of its own: here that is the same {@code 413}
 * a body of declared length gets. A chunk the client broke off or malformed is an {@link IOException}
 * (a {@code 400}). Neither is a failure of the server, so neither leaves a stack trace in its log.
 */
final class RequestContent extends FilterInputStream {
    private final long limit;

    RequestContent(InputStream in, long limit) {
        super(in);
        this.limit = limit;
    }

    @Override
    public int read() throws IOException {
        try {
            return super.read();
        } catch (io.helidon.http.RequestException e) {
            throw refusal(e);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws IOException {
        try {
            return super.read(bytes, offset, length);
        } catch (io.helidon.http.RequestException e) {
            throw refusal(e);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /**
     * The web server's refusal as the routes take it: an {@link IOException} to throw, for a body that
     * could not be read.
     *
     * @throws RequestException 413 when the refusal was that the body is over the limit
     */
    private IOException refusal(io.helidon.http.RequestException e) {
        if (e.status().code() == 413) {
            throw RequestException.tooLarge(limit);
        }
        return new IOException(e.getMessage(), e);
    }
}
