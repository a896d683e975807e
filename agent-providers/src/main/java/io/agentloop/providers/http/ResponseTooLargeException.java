package io.agentloop.providers.http;

import java.io.IOException;

/**
 * A response, or one line or event of it, went past its size limit and was not read further. An
 * {@link IOException} so it leaves the readers the way a broken connection does; the
 * {@link HttpErrorMapper} turns it into an error that is not retried (the same server would send the
 * same response again) and names the limit and the setting that raises it.
 */
public final class ResponseTooLargeException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String what;
    private final long limit;
    private final String setting;

    /**
     * @param what    what was too large, as a phrase ("a line of the streamed response")
     * @param limit   the limit in bytes
     * @param setting the model setting that holds the limit
     */
    public ResponseTooLargeException(String what, long limit, String setting) {
        super(what + " is larger than " + ProviderSettings.sizeText(limit) + " (setting " + setting + ")");
        this.what = what;
        this.limit = limit;
        this.setting = setting;
    }

    public String what() {
        return what;
    }

    public long limit() {
        return limit;
    }

    public String setting() {
        return setting;
    }
}
