-- One standing approval per task, tool and target: a second one for the
-- same binding is refused (approval.ErrExists), as every Store does.
CREATE UNIQUE INDEX toolgate_standing_binding ON toolgate_standing (task, tool, target);
