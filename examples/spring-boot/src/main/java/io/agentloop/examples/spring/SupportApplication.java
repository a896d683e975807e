package io.agentloop.examples.spring;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A support desk's HTTP service: {@code POST /ask} with a question about an order; the answer comes
 * from the starter's {@code Agent} bean (configured in {@code application.yaml}), which looks orders
 * up through {@link OrderTools}. Health and metrics at {@code /actuator/health} and
 * {@code /actuator/metrics/agentloop.runs}.
 *
 * <pre>{@code
 * OPENAI_API_KEY=... mvn -pl examples/spring-boot spring-boot:run
 * curl -s localhost:8080/ask -H 'Content-Type: application/json' -d '{"question":"Where is order 42?"}'
 * }</pre>
 */
@SpringBootApplication
public class SupportApplication {
    public static void main(String[] args) {
        SpringApplication.run(SupportApplication.class, args);
    }
}
