// Statements: the script, queries with WITH, data modification, data definition, and the rest kept
// as Commands (verb, target, text) so that the linter can flag them.
#include <typeinfo>
#include <unordered_map>

#include "parsers/sql/transformer.hpp"
#include "support/strings.hpp"

namespace qdiff::parsers::sql {

using namespace ast;

Script* Transformer::script(G::SqlScriptContext* c) {
    auto* s = arena_.make<Script>();
    s->span = {0, static_cast<uint32_t>(ctx_.source.text().size())};
    std::vector<Statement*> statements;
    for (auto* statement_ctx : rule_children<G::StatementContext>(c, G::RuleStatement)) {
        Statement* st = statement(statement_ctx);
        if (st) statements.push_back(st);
    }
    s->statements = list(statements);
    return s;
}

void Transformer::dispatch(antlr4::ParserRuleContext* c) {
    using Visit = void (*)(Transformer&, antlr4::ParserRuleContext*);
    // Keyed by the address of the alternative's type_info (one object per class in a program); a
    // context not found, should a class have two, still gets its visit through accept().
    static const std::unordered_map<const std::type_info*, Visit> visits = {
#define QDIFF_SQL_VISIT_ENTRY(Label) \
    {&typeid(G::Label##Context),     \
     [](Transformer& t, antlr4::ParserRuleContext* c) { t.visit##Label(static_cast<G::Label##Context*>(c)); }},
        QDIFF_SQL_ALTERNATIVES(QDIFF_SQL_VISIT_ENTRY)
#undef QDIFF_SQL_VISIT_ENTRY
    };
    auto it = visits.find(&typeid(*c));
    if (it != visits.end())
        it->second(*this, c);
    else
        c->accept(this);
}

Statement* Transformer::statement(G::StatementContext* c) { return lower<Statement>(c); }

Command* Transformer::command(antlr4::ParserRuleContext* c, std::string verb, bool writes, List<Name> target) {
    auto* cmd = make<Command>(c);
    cmd->verb = arena_.copy(verb);
    cmd->writes = writes;
    cmd->target = target;
    // The text after the verb's own words, white space folded.
    std::string_view all = text(c);
    size_t skip = 0;
    for (size_t words = std::count(verb.begin(), verb.end(), ' ') + 1; words > 0 && skip < all.size(); --words) {
        while (skip < all.size() && std::isspace(static_cast<unsigned char>(all[skip]))) ++skip;
        while (skip < all.size() && !std::isspace(static_cast<unsigned char>(all[skip]))) ++skip;
    }
    cmd->text = arena_.copy(support::fold_whitespace(all.substr(skip)));
    return cmd;
}

antlrcpp::Any Transformer::visitExplainStatement(G::ExplainStatementContext* c) {
    std::string verb = "EXPLAIN";
    for (auto* option : c->explainOption())
        if (!alt<G::ExplainOptionListContext>(option))
            verb += " " + support::to_upper(support::fold_whitespace(text(option)));
    auto* cmd = make<Command>(c);
    cmd->verb = arena_.copy(verb);
    cmd->body = statement(c->statement());
    return done(cmd, c);
}

antlrcpp::Any Transformer::visitSelectStatement(G::SelectStatementContext* c) {
    result_ = query_expression(static_cast<G::QueryExpressionContext*>(c->children.front()));
    return {};
}
antlrcpp::Any Transformer::visitInsertStmt(G::InsertStmtContext* c) { return done(insert(c->insertStatement()), c); }
antlrcpp::Any Transformer::visitUpdateStmt(G::UpdateStmtContext* c) { return done(update(c->updateStatement()), c); }
antlrcpp::Any Transformer::visitDeleteStmt(G::DeleteStmtContext* c) { return done(delete_(c->deleteStatement()), c); }
antlrcpp::Any Transformer::visitMergeStmt(G::MergeStmtContext* c) { return done(merge(c->mergeStatement()), c); }

// WITH before a statement: the CTEs belong to the query (for INSERT, to its source query).
antlrcpp::Any Transformer::visitWithStatement(G::WithStatementContext* c) {
    G::DmlBodyContext* body = c->dmlBody();
    Statement* st = nullptr;
    Query* with_target = nullptr;
    if (auto* select = alt<G::SelectBodyContext>(body)) {
        with_target = query_expression(select->queryExpression());
        st = with_target;
    } else if (auto* i = alt<G::InsertBodyContext>(body)) {
        Insert* ins = insert(i->insertStatement());
        with_target = ins->source;
        st = ins;
    } else if (auto* u = alt<G::UpdateBodyContext>(body)) {
        st = update(u->updateStatement());
    } else if (auto* d = alt<G::DeleteBodyContext>(body)) {
        st = delete_(d->deleteStatement());
    } else if (auto* m = alt<G::MergeBodyContext>(body)) {
        st = merge(m->mergeStatement());
    }
    bool recursive = false;
    if (with_target) {
        Query* q = with_target;
        if (!q->ctes.empty()) {
            q = wrap(q);
            if (st == with_target)
                st = q;
            else
                static_cast<Insert*>(st)->source = q;
        }
        q->ctes = with_clause(c->withClause(), q->recursive);
        if (st == q) q->span = span(c);
    } else if (auto* u = dyn_cast<Update>(st)) {
        u->ctes = with_clause(c->withClause(), recursive);
    } else if (auto* d = dyn_cast<Delete>(st)) {
        d->ctes = with_clause(c->withClause(), recursive);
    }
    result_ = st;
    return {};
}

Insert* Transformer::insert(G::InsertStatementContext* c) {
    auto* i = make<Insert>(c);
    i->table = qualified_name(c->qualifiedName());
    if (c->identifier()) i->alias = name(c->identifier());
    if (auto* cols = c->columnAliasList()) i->columns = names(cols->identifier());
    std::vector<Expr*> options;
    auto option = [&](std::string_view key, std::string_view value) {
        auto* o = make<NamedArg>(c);
        o->name = {key, false};
        o->value = keyword(c, value);
        options.push_back(o);
    };
    if (c->REPLACE() && !c->INSERT()) option("or", "REPLACE");
    if (auto* resolution = c->conflictResolution()) option("or", support::to_upper(text(resolution)));
    if (c->IGNORE()) option("ignore", "TRUE");
    if (auto* q = alt<G::QuerySourceContext>(c->insertSource()))
        i->source = query(q->query());
    else
        i->default_values = true;
    if (auto* conflict = c->onConflictClause()) {
        if (auto* update_ = alt<G::OnConflictDoUpdateContext>(conflict))
            i->on_conflict_set = assignments(update_->assignmentList());
        else if (auto* dup = alt<G::OnDuplicateKeyUpdateContext>(conflict))
            i->on_conflict_set = assignments(dup->assignmentList());
        else
            option("on_conflict", "DO NOTHING");
    }
    i->options = list(options);
    i->returning = returning(c->returningClause());
    return i;
}

List<Assignment*> Transformer::assignments(G::AssignmentListContext* c) {
    std::vector<Assignment*> out;
    for (auto* a : c->assignment()) {
        if (auto* single = alt<G::SingleAssignmentContext>(a)) {
            auto* assignment = make<Assignment>(a);
            assignment->column = qualified_name(single->qualifiedName());
            assignment->value = expr(single->expr());
            out.push_back(assignment);
        } else if (auto* multi = alt<G::MultiAssignmentContext>(a)) {
            // (a, b) = (x, y): one assignment per column when the values are listed.
            auto columns = multi->columnAliasList()->identifier();
            auto values = multi->exprList() ? multi->exprList()->expr() : std::vector<G::ExprContext*>{};
            for (size_t k = 0; k < columns.size(); ++k) {
                auto* assignment = make<Assignment>(a);
                assignment->column = list(std::vector<Name>{name(columns[k])});
                if (k < values.size()) {
                    assignment->value = expr(values[k]);
                } else if (multi->query()) {
                    auto* sub = make<SubqueryExpr>(multi->query());
                    sub->query = query(multi->query());
                    assignment->value = sub;
                }
                out.push_back(assignment);
            }
        }
    }
    return list(out);
}

List<SelectItem*> Transformer::returning(G::ReturningClauseContext* c) {
    if (!c) return {};
    std::vector<SelectItem*> items;
    for (auto* item : c->selectList()->selectItem()) items.push_back(select_item(item));
    return list(items);
}

Update* Transformer::update(G::UpdateStatementContext* c) {
    auto* u = make<Update>(c);
    auto refs = c->tableRef();
    std::vector<Join*> joins;
    u->table = table_ref(refs[0], joins);
    std::vector<Relation*> from;
    for (size_t k = 1; k < refs.size(); ++k) from.push_back(table_ref_as_relation(refs[k]));
    u->assignments = assignments(c->assignmentList());
    if (auto* f = c->fromClause()) {
        List<Relation*> sources;
        List<Join*> from_joins;
        from_clause(f, sources, from_joins);
        from.insert(from.end(), sources.begin(), sources.end());
        joins.insert(joins.end(), from_joins.begin(), from_joins.end());
    }
    u->from = list(from);
    u->joins = list(joins);
    if (auto* w = c->whereClause()) u->filter = expr(w->expr());
    u->returning = returning(c->returningClause());
    return u;
}

Delete* Transformer::delete_(G::DeleteStatementContext* c) {
    auto* d = make<Delete>(c);
    auto* t = make<TableRef>(c->qualifiedName());
    t->name = qualified_name(c->qualifiedName());
    table_alias(c->tableAlias(), t->alias, t->column_aliases);
    d->table = t;
    std::vector<Relation*> using_items;
    for (auto* ref : c->tableRef()) using_items.push_back(table_ref_as_relation(ref));
    d->using_ = list(using_items);
    if (auto* w = c->whereClause()) d->filter = expr(w->expr());
    d->returning = returning(c->returningClause());
    return d;
}

Command* Transformer::merge(G::MergeStatementContext* c) {
    return command(c, "MERGE", true, qualified_name(c->qualifiedName()));
}

// ---- data definition -----------------------------------------------------------------------------

Constraint* Transformer::column_constraint(G::ColumnConstraintContext* c) {
    auto* k = make<Constraint>(c);
    auto constraint_name = [&](G::IdentifierContext* id) {
        if (id) k->name = name(id);
    };
    if (auto* pk = alt<G::PrimaryKeyColumnConstraintContext>(c)) {
        k->constraint = ConstraintKind::PrimaryKey;
        constraint_name(pk->identifier());
    } else if (auto* nn = alt<G::NotNullColumnConstraintContext>(c)) {
        k->constraint = ConstraintKind::NotNull;
        constraint_name(nn->identifier());
    } else if (auto* n = alt<G::NullColumnConstraintContext>(c)) {
        k->constraint = ConstraintKind::Null;
        constraint_name(n->identifier());
    } else if (auto* u = alt<G::UniqueColumnConstraintContext>(c)) {
        k->constraint = ConstraintKind::Unique;
        constraint_name(u->identifier());
    } else if (auto* ch = alt<G::CheckColumnConstraintContext>(c)) {
        k->constraint = ConstraintKind::Check;
        constraint_name(ch->identifier());
        k->expr = expr(ch->expr());
    } else if (auto* d = alt<G::DefaultColumnConstraintContext>(c)) {
        k->constraint = ConstraintKind::Default;
        constraint_name(d->identifier());
        k->expr = default_value(d->defaultValue());
    } else if (auto* r = alt<G::ReferencesColumnConstraintContext>(c)) {
        k->constraint = ConstraintKind::ForeignKey;
        constraint_name(r->identifier());
        k->ref_table = qualified_name(r->referencesClause()->qualifiedName());
        if (auto* cols = r->referencesClause()->columnAliasList()) k->ref_columns = names(cols->identifier());
    } else if (alt<G::AutoIncrementColumnConstraintContext>(c) || alt<G::IdentityColumnConstraintContext>(c)) {
        k->constraint = ConstraintKind::AutoIncrement;
    } else if (auto* g = alt<G::GeneratedColumnConstraintContext>(c)) {
        k->constraint = g->IDENTITY() ? ConstraintKind::AutoIncrement : ConstraintKind::Generated;
        if (!g->IDENTITY()) k->expr = expr(g->expr());
    } else if (auto* col = alt<G::CollateColumnConstraintContext>(c)) {
        k->constraint = ConstraintKind::Collate;
        k->expr = keyword(col->collationName(), text(col->collationName()));
    } else {
        return nullptr;  // COMMENT, ON UPDATE: no bearing on queries
    }
    return k;
}

// DEFAULT values are a restricted expression: a primary, then any `::type` casts.
Expr* Transformer::default_value(G::DefaultValueContext* c) {
    G::DefaultPrimaryContext* p = c->defaultPrimary();
    Expr* value = nullptr;
    if (auto* n = alt<G::NumberDefaultContext>(p)) {
        value = number(n->number(), n->number()->getStart());
        if (n->sign && n->sign->getType() == G::MINUS_SIGN) value = negate(n, value);
    } else if (auto* s = alt<G::StringDefaultContext>(p)) {
        value = string_literal(s, s->string()->getStart());
    } else if (auto* k = alt<G::KeywordDefaultContext>(p)) {
        size_t t = k->value->getType();
        value = t == G::NULL_ ? literal(k, LiteralType::Null, {})
                              : literal(k, LiteralType::Boolean, t == G::TRUE_ ? "true" : "false");
    } else if (auto* cv = alt<G::CurrentValueDefaultContext>(p)) {
        value = call(cv, arena_.copy(support::to_upper(cv->op->getText())), {});
    } else if (auto* f = alt<G::FunctionCallDefaultContext>(p)) {
        value = function_call(f->functionCall());
    } else if (auto* paren = alt<G::ParenDefaultContext>(p)) {
        value = expr(paren->expr());
    } else {
        value = keyword(p, text(p));
    }
    for (auto* type : c->dataType()) {
        auto* cast_ = make<Cast>(c);
        cast_->expr = value;
        cast_->type = data_type(type);
        value = cast_;
    }
    return value;
}

ColumnDef* Transformer::column_definition(G::ColumnDefinitionContext* c) {
    auto* col = make<ColumnDef>(c);
    col->name = name(c->identifier());
    col->type = data_type(c->dataType());
    std::vector<Constraint*> constraints;
    for (auto* k : c->columnConstraint())
        if (Constraint* lowered = column_constraint(k)) constraints.push_back(lowered);
    col->constraints = list(constraints);
    return col;
}

static std::vector<G::IdentifierContext*> indexed_names(const std::vector<G::IndexedColumnContext*>& columns) {
    std::vector<G::IdentifierContext*> out;
    for (auto* column : columns) {
        // A plain column name: expr -> valueExpr -> qualifiedName -> identifier.
        auto* value = alt<G::ValueExpressionContext>(column->expr());
        auto* ref = value ? alt<G::ColumnRefExprContext>(value->valueExpr()) : nullptr;
        if (ref) out.push_back(ref->identifier().back());
    }
    return out;
}

Constraint* Transformer::table_constraint(G::TableConstraintContext* c) {
    auto* k = make<Constraint>(c);
    if (auto* pk = alt<G::PrimaryKeyTableConstraintContext>(c)) {
        k->constraint = ConstraintKind::PrimaryKey;
        if (pk->identifier()) k->name = name(pk->identifier());
        k->columns = names(indexed_names(pk->indexedColumn()));
    } else if (auto* u = alt<G::UniqueTableConstraintContext>(c)) {
        k->constraint = ConstraintKind::Unique;
        k->columns = names(indexed_names(u->indexedColumn()));
    } else if (auto* fk = alt<G::ForeignKeyTableConstraintContext>(c)) {
        k->constraint = ConstraintKind::ForeignKey;
        if (fk->identifier()) k->name = name(fk->identifier());
        k->columns = names(fk->columnAliasList()->identifier());
        k->ref_table = qualified_name(fk->referencesClause()->qualifiedName());
        if (auto* cols = fk->referencesClause()->columnAliasList()) k->ref_columns = names(cols->identifier());
    } else if (auto* ch = alt<G::CheckTableConstraintContext>(c)) {
        k->constraint = ConstraintKind::Check;
        if (ch->identifier()) k->name = name(ch->identifier());
        k->expr = expr(ch->expr());
    } else if (auto* ix = alt<G::IndexTableConstraintContext>(c)) {
        k->constraint = ConstraintKind::Other;  // KEY/INDEX name (...) inside MySQL CREATE TABLE: an index
        if (ix->identifier()) k->name = name(ix->identifier());
        k->columns = names(indexed_names(ix->indexedColumn()));
    } else {
        k->constraint = ConstraintKind::Other;
    }
    return k;
}

antlrcpp::Any Transformer::visitCreateTableStmt(G::CreateTableStmtContext* c) {
    G::CreateTableStatementContext* s = c->createTableStatement();
    auto* t = make<CreateTable>(c);
    t->name = qualified_name(s->qualifiedName());
    t->temporary = s->TEMP() || s->TEMPORARY();
    t->if_not_exists = s->ifNotExists() != nullptr;
    std::vector<ColumnDef*> columns;
    std::vector<Constraint*> constraints;
    for (auto* element : s->tableElement()) {
        if (auto* col = alt<G::ColumnElementContext>(element))
            columns.push_back(column_definition(col->columnDefinition()));
        else if (auto* k = alt<G::TableConstraintElementContext>(element))
            constraints.push_back(table_constraint(k->tableConstraint()));
    }
    t->columns = list(columns);
    t->constraints = list(constraints);
    if (s->query()) t->as_query = query(s->query());
    return done(t, c);
}

antlrcpp::Any Transformer::visitCreateViewStmt(G::CreateViewStmtContext* c) {
    G::CreateViewStatementContext* s = c->createViewStatement();
    auto* v = make<CreateView>(c);
    v->name = qualified_name(s->qualifiedName());
    v->or_replace = s->REPLACE() != nullptr;
    v->temporary = s->TEMP() || s->TEMPORARY();
    v->materialized = s->MATERIALIZED() != nullptr;
    v->if_not_exists = s->ifNotExists() != nullptr;
    if (auto* cols = s->columnAliasList()) v->columns = names(cols->identifier());
    v->query = query(s->query());
    return done(v, c);
}

antlrcpp::Any Transformer::visitCreateIndexStmt(G::CreateIndexStmtContext* c) {
    G::CreateIndexStatementContext* s = c->createIndexStatement();
    auto* i = make<CreateIndex>(c);
    auto qualified = s->qualifiedName();
    if (qualified.size() == 2) {
        List<Name> index_name = qualified_name(qualified[0]);
        i->name = index_name.back();
    }
    i->table = qualified_name(qualified.back());
    i->unique = s->UNIQUE() != nullptr;
    i->if_not_exists = s->ifNotExists() != nullptr;
    std::vector<OrderItem*> columns;
    for (auto* column : s->indexedColumn()) {
        auto* o = make<OrderItem>(column);
        o->expr = expr(column->expr());
        if (column->DESC())
            o->dir = SortDir::Desc;
        else if (column->ASC())
            o->dir = SortDir::Asc;
        columns.push_back(o);
    }
    i->columns = list(columns);
    if (auto* w = s->whereClause()) i->filter = expr(w->expr());
    return done(i, c);
}

antlrcpp::Any Transformer::visitCreateSchemaStmt(G::CreateSchemaStmtContext* c) {
    G::CreateSchemaStatementContext* s = c->createSchemaStatement();
    std::string verb = s->SCHEMA() ? "CREATE SCHEMA" : "CREATE DATABASE";
    return done(command(c, verb, true, qualified_name(s->qualifiedName())), c);
}

antlrcpp::Any Transformer::visitDropStmt(G::DropStmtContext* c) {
    auto* d = make<Drop>(c);
    std::vector<G::QualifiedNameContext*> targets;
    if (auto* object = alt<G::DropObjectContext>(c->dropStatement())) {
        d->object = arena_.copy(support::to_upper(object->objectType->getText()));
        d->if_exists = object->ifExists() != nullptr;
        d->cascade = object->CASCADE() != nullptr;
        targets = object->qualifiedName();
    } else if (auto* view = alt<G::DropMaterializedViewContext>(c->dropStatement())) {
        d->object = "MATERIALIZED VIEW";
        d->if_exists = view->ifExists() != nullptr;
        d->cascade = view->CASCADE() != nullptr;
        targets = view->qualifiedName();
    }
    std::vector<TableRef*> refs;
    for (auto* target : targets) {
        auto* t = make<TableRef>(target);
        t->name = qualified_name(target);
        refs.push_back(t);
    }
    d->targets = list(refs);
    return done(d, c);
}

antlrcpp::Any Transformer::visitAlterTableStmt(G::AlterTableStmtContext* c) {
    return done(command(c, "ALTER TABLE", true, qualified_name(c->alterTableStatement()->qualifiedName())), c);
}

antlrcpp::Any Transformer::visitTruncateStmt(G::TruncateStmtContext* c) {
    auto names_ = c->truncateStatement()->qualifiedName();
    return done(command(c, "TRUNCATE", true, names_.empty() ? List<Name>{} : qualified_name(names_[0])), c);
}

antlrcpp::Any Transformer::visitGrantStatement(G::GrantStatementContext* c) {
    return done(command(c, "GRANT", true), c);
}
antlrcpp::Any Transformer::visitRevokeStatement(G::RevokeStatementContext* c) {
    return done(command(c, "REVOKE", true), c);
}

// A PRAGMA with a value changes the database; a bare one only reads.
antlrcpp::Any Transformer::visitPragmaStatement(G::PragmaStatementContext* c) {
    return done(command(c, "PRAGMA", c->pragmaValue() != nullptr, qualified_name(c->qualifiedName())), c);
}

antlrcpp::Any Transformer::visitAttachStatement(G::AttachStatementContext* c) {
    return done(command(c, "ATTACH", true, list(std::vector<Name>{name(c->identifier())})), c);
}

antlrcpp::Any Transformer::visitDetachStatement(G::DetachStatementContext* c) {
    return done(command(c, "DETACH", true, list(std::vector<Name>{name(c->identifier())})), c);
}

antlrcpp::Any Transformer::visitTransactionStmt(G::TransactionStmtContext* c) {
    G::TransactionStatementContext* t = c->transactionStatement();
    std::string verb = support::to_upper(t->getStart()->getText());
    if (verb == "START") verb = "BEGIN";
    if (verb == "END") verb = "COMMIT";
    return done(command(c, verb, false), c);
}

antlrcpp::Any Transformer::visitSetStatement(G::SetStatementContext* c) { return done(command(c, "SET", false), c); }

// BigQuery and Snowflake scripting: DECLARE x INT64 DEFAULT 0.
antlrcpp::Any Transformer::visitDeclareStatement(G::DeclareStatementContext* c) {
    require(DialectFeature::Declare, c->getStart());
    return done(command(c, "DECLARE", false), c);
}
// CREATE [TEMP] FUNCTION: kept as a command (its body is not lowered); a temporary function lives
// in the session only, so it writes nothing to the database.
antlrcpp::Any Transformer::visitCreateFunctionStmt(G::CreateFunctionStmtContext* c) {
    G::CreateFunctionStatementContext* f = c->createFunctionStatement();
    require(f->temp ? DialectFeature::TempFunctions : DialectFeature::CreateFunction, f->getStart());
    return done(command(c, f->temp ? "CREATE TEMP FUNCTION" : "CREATE FUNCTION", !f->temp,
                        qualified_name(f->qualifiedName())),
                c);
}
antlrcpp::Any Transformer::visitUseStatement(G::UseStatementContext* c) {
    return done(command(c, "USE", false, list(std::vector<Name>{name(c->identifier())})), c);
}
antlrcpp::Any Transformer::visitShowStatement(G::ShowStatementContext* c) { return done(command(c, "SHOW", false), c); }
antlrcpp::Any Transformer::visitVacuumStatement(G::VacuumStatementContext* c) {
    return done(command(c, "VACUUM", true), c);
}
antlrcpp::Any Transformer::visitAnalyzeStatement(G::AnalyzeStatementContext* c) {
    return done(command(c, "ANALYZE", false, qualified_name(c->qualifiedName())), c);
}

}  // namespace qdiff::parsers::sql
