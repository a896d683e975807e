package io.agentloop.launcher;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A plugin tool for the launcher tests that queries an in-memory database through the JDBC
 * driver its plugin bundles, found the way JDBC finds drivers: through the context class loader.
 */
public final class SqlTool implements Tool {
    @Override
    public ToolSpec spec() {
        return ToolSpec.builder("sql").description("Runs a query on an in-memory database.")
                .stringParameter("query", "the SQL query", true).build();
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:h2:mem:agentloop");
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(arguments.requireString("query"))) {
            rows.next();
            return ToolResult.success("answer=" + rows.getString(1));
        }
    }
}
