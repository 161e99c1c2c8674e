import classes from './SkipLink.module.css';

/** The first stop of the Tab key: straight to the page's content, past the navigation. */
export function SkipLink() {
  return (
    <a className={classes.skip} href="#main-content">
      Skip to content
    </a>
  );
}
