"""The look: theme, colours and pens, painted icons."""
