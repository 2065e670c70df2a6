"""Classic Werewolf (many nights and days): a placeholder until its issue lands."""
