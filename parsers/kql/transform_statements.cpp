// Statements: let, set, declare, alias, restrict, pattern, and the query itself.
//   - `let x = <tabular>;` → a Cte of the next query statement (a tabular let with no query after it
//     stays a Let whose value is the Query); tabular = a pipeline with an operator, a non-expression
//     source (print, range, union...), a parenthesised pipeline, a datatable, or a call to
//     materialize/table/view, or a database(...)/cluster(...) path;
//   - `let x = <scalar>;` → Let{x, Expr}; `let f = (a:long) { ... };` → Let{f, Lambda};
//     `let v = view () { ... };` → Let{v, FunctionCall view(Lambda)};
//   - set / declare query_parameters / alias / restrict / declare pattern → Command{verb, text};
//   - an expression statement that is a table, a call or a pipeline → Query; any other scalar
//     expression statement (e.g. the result of a function body `{ x + 1 }` after lets) → a Let
//     with an empty name.
#include "parsers/kql/transformer.hpp"

namespace qdiff::parsers::kql {

using namespace ast;

static bool is_tabular_expr(const Expr* e) {
    if (isa<SubqueryExpr>(e)) return true;
    const Expr* root = e;
    while (auto* f = dyn_cast<FieldAccess>(root)) root = f->base;
    if (auto* f = dyn_cast<FunctionCall>(root); f && f->name.size() == 1) {
        std::string_view n = f->name[0].text;
        if (root != e) return n == "database" || n == "cluster";
        return n == "materialize" || n == "table" || n == "view" || n == "externaldata" || n == "external_table" ||
               n == "database" || n == "cluster";
    }
    return false;
}

Script* Transformer::script(G::QueryStatementsContext* c) {
    auto* s = make<Script>(c);
    s->statements = list(statements(c->statement()));
    return s;
}

std::vector<Statement*> Transformer::statements(const std::vector<G::StatementContext*>& items) {
    std::vector<Statement*> out;
    std::vector<Cte*> pending;
    for (auto* st : items) {
        if (auto* let_stmt = alt<G::LetStmtContext>(st)) {
            auto* l = let_stmt->letStatement();
            Name n = name(l->name());
            G::LetValueContext* value = l->letValue();
            if (auto* f = alt<G::LetFunctionContext>(value)) {
                auto* let = make<Let>(l);
                let->name = n;
                let->value = function_definition(f->functionDefinition());
                out.push_back(let);
            } else if (auto* v = alt<G::LetViewContext>(value)) {
                auto* let = make<Let>(l);
                let->name = n;
                let->value = call(v, "view", {function_definition(v->functionDefinition())});
                out.push_back(let);
            } else {
                auto* pipe = alt<G::LetExpressionContext>(value)->pipeExpression();
                Expr* scalar = nullptr;
                bool tabular = is_tabular(pipe, scalar);
                if (!tabular && !is_tabular_expr(scalar)) {
                    auto* let = make<Let>(l);
                    let->name = n;
                    let->value = scalar;
                    out.push_back(let);
                    continue;
                }
                auto* cte = make<Cte>(l);
                cte->name = n;
                cte->query = tabular ? pipeline(pipe) : query_of(scalar, span(pipe));
                pending.push_back(cte);
            }
        } else if (auto* e = alt<G::ExpressionStmtContext>(st)) {
            Statement* s = expression_statement(e->pipeExpression());
            if (auto* q = dyn_cast<Query>(s); q && !pending.empty()) {
                q->ctes = append(q->ctes, pending);
                pending.clear();
            }
            out.push_back(s);
        } else {
            out.push_back(command(st));
        }
    }
    for (Cte* cte : pending) {
        auto* let = make_at<Let>(cte->span);
        let->name = cte->name;
        let->value = cte->query;
        out.push_back(let);
    }
    return out;
}

Statement* Transformer::expression_statement(G::PipeExpressionContext* c) {
    Expr* scalar = nullptr;
    if (is_tabular(c, scalar)) return pipeline(c);
    if (is_relation_like(scalar)) return query_of(scalar, span(c));
    auto* let = make<Let>(c);
    let->value = scalar;
    return let;
}

Command* Transformer::command(G::StatementContext* c) {
    auto* cmd = make<Command>(c);
    antlr4::Token* first = c->getStart();
    size_t rest = first->getTokenIndex() + 1;
    std::string verb = first->getText();
    // declare query_parameters / declare pattern / alias database: two words.
    if (verb == "declare" || verb == "alias") {
        antlr4::Token* second = tokens_.get(rest);
        while (second->getChannel() != antlr4::Token::DEFAULT_CHANNEL) second = tokens_.get(++rest);
        verb += " " + second->getText();
        ++rest;
    }
    cmd->verb = copy(verb);
    cmd->text = canonical(c, rest);
    cmd->writes = false;
    return cmd;
}

ColumnDef* Transformer::parameter(G::FunctionParameterContext* c) {
    auto* d = make<ColumnDef>(c);
    d->name = name(c->declName());
    d->type = canonical(c->parameterType());
    if (c->expr()) {
        auto* k = make<Constraint>(c->expr());
        k->constraint = ConstraintKind::Default;
        k->expr = expr(c->expr());
        d->constraints = list(std::vector<Constraint*>{k});
    }
    return d;
}

Lambda* Transformer::function_definition(G::FunctionDefinitionContext* c) {
    auto* l = make<Lambda>(c);
    std::vector<ColumnDef*> params;
    for (auto* p : c->functionParameter()) params.push_back(parameter(p));
    l->params = list(params);
    l->body = function_body(c->functionBody());
    return l;
}

// `{ x + 1 }` → the Expr; `{ T | where ... }` → the Query; several statements → a Script.
Node* Transformer::function_body(G::FunctionBodyContext* c) {
    auto items = c->statement();
    if (items.empty()) return nullptr;
    if (items.size() == 1)
        if (auto* e = alt<G::ExpressionStmtContext>(items[0])) {
            Expr* scalar = nullptr;
            if (!is_tabular(e->pipeExpression(), scalar)) return scalar;
        }
    std::vector<Statement*> body = statements(items);
    if (body.size() == 1 && isa<Query>(body[0])) return body[0];
    auto* s = make<Script>(c);
    s->statements = list(body);
    return s;
}

}  // namespace qdiff::parsers::kql
